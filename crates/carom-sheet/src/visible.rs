//! What a reader sees: a PDF compared with the sheet its sealed envelope renders to.
//!
//! Rendering is deterministic, so the sheet a genuine envelope renders to is known
//! exactly. The comparison walks both documents as object graphs — references followed,
//! streams decoded, page content streams parsed into operations — so a re-save that keeps
//! what is drawn (qpdf's linearization, object streams or QDF form, a rewrite with lopdf)
//! compares equal, and anything else (another digit, text made invisible, a box painted
//! over, a page more or less, another image, an annotation, a script) does not.
//!
//! Only what cannot change what a viewer shows is left out: the file's layout (offsets,
//! cross-reference form, object numbers, compression), the page tree's shape (pages are
//! compared in order, with inherited attributes resolved) and the trailer's `/ID`.

use std::collections::{HashMap, HashSet};

use lopdf::{Dictionary, Document, Object, ObjectId, Stream};

use crate::error::{PagePart, SheetError};

/// A decoded stream larger than this is refused (a sheet's largest, a font, is far
/// smaller): a small file cannot make verification inflate gigabytes.
const MAX_DECODED: usize = 32 << 20;

/// How deep reference chains, page-tree parents and nested objects are followed.
const MAX_DEPTH: usize = 64;

/// Catalog entries that make a viewer run or show something of their own.
const ACTIVE_CATALOG_KEYS: [&str; 3] = ["OpenAction", "AA", "AcroForm"];

/// Page attributes a page inherits from the page tree when it does not set them.
const INHERITABLE: [&[u8]; 4] = [b"Resources", b"MediaBox", b"CropBox", b"Rotate"];

/// Stream dictionary entries that describe only how the data is stored.
const STORAGE_KEYS: [&[u8]; 4] = [b"Length", b"Filter", b"DecodeParms", b"DL"];

/// Compares `given` with `expected` (the sheet the sealed envelope renders to).
///
/// # Errors
/// The first difference, as [`SheetError::PageCountDiffers`], [`SheetError::PageDiffers`],
/// [`SheetError::PageAnnotations`], [`SheetError::ActiveContent`] or
/// [`SheetError::DocumentDiffers`].
pub(crate) fn compare(given: &Document, expected: &Document) -> Result<(), SheetError> {
    let root = |doc: &Document| doc.catalog().ok().cloned();
    let (Some(given_root), Some(expected_root)) = (root(given), root(expected)) else {
        return Err(SheetError::DocumentDiffers {
            path: "/Root".into(),
        });
    };
    for key in ACTIVE_CATALOG_KEYS {
        if given_root.has(key.as_bytes()) && !expected_root.has(key.as_bytes()) {
            return Err(SheetError::ActiveContent { what: key.into() });
        }
    }
    let scripts = |doc: &Document, root: &Dictionary| {
        root.get_deref(b"Names", doc)
            .and_then(Object::as_dict)
            .is_ok_and(|names| names.has(b"JavaScript"))
    };
    if scripts(given, &given_root) && !scripts(expected, &expected_root) {
        return Err(SheetError::ActiveContent {
            what: "JavaScript".into(),
        });
    }

    let given_pages: Vec<ObjectId> = given.get_pages().into_values().collect();
    let expected_pages: Vec<ObjectId> = expected.get_pages().into_values().collect();
    if given_pages.len() != expected_pages.len() {
        return Err(SheetError::PageCountDiffers {
            found: given_pages.len(),
            expected: expected_pages.len(),
        });
    }
    let mut walk = Walk {
        given,
        expected,
        seen: HashSet::new(),
        given_pages: index(&given_pages),
        expected_pages: index(&expected_pages),
        depth: 0,
    };
    for (n, (&g, &e)) in given_pages.iter().zip(&expected_pages).enumerate() {
        walk.page(n + 1, g, e)?;
    }

    // The rest of the document: outline, names, metadata, structure, output intents.
    let document_differs = |base: &str, d: Differs| SheetError::DocumentDiffers {
        path: format!("{base}{}", d.path()),
    };
    walk.dicts(&given_root, &expected_root, &[b"Pages"])
        .map_err(|d| document_differs("/Root", d))?;
    for key in [&b"Info"[..], b"Encrypt"] {
        let g = given.trailer.get(key).unwrap_or(&Object::Null);
        let e = expected.trailer.get(key).unwrap_or(&Object::Null);
        walk.object(g, e)
            .map_err(|d| document_differs(&key_name(key), d))?;
    }
    Ok(())
}

fn index(pages: &[ObjectId]) -> HashMap<ObjectId, usize> {
    pages.iter().enumerate().map(|(i, &id)| (id, i)).collect()
}

/// A difference found while walking: where (built on the way back up, innermost first),
/// and whether it lies in an image's data.
#[derive(Debug, Clone, Default)]
struct Differs {
    image: bool,
    at: Vec<String>,
}

impl Differs {
    fn within(mut self, step: impl FnOnce() -> String) -> Differs {
        self.at.push(step());
        self
    }

    fn path(&self) -> String {
        self.at.iter().rev().map(String::as_str).collect()
    }
}

const DIFFERS: Differs = Differs {
    image: false,
    at: Vec::new(),
};

/// A parallel walk over the given and the expected document.
struct Walk<'a> {
    given: &'a Document,
    expected: &'a Document,
    /// Pairs of objects already compared (or being compared: the graphs have cycles).
    seen: HashSet<(ObjectId, ObjectId)>,
    given_pages: HashMap<ObjectId, usize>,
    expected_pages: HashMap<ObjectId, usize>,
    /// How deeply nested the object being compared is.
    depth: usize,
}

/// Follows references; a missing object is `null`, as the PDF specification says.
fn resolve<'a>(doc: &'a Document, mut obj: &'a Object) -> (&'a Object, Option<ObjectId>) {
    let mut id = None;
    for _ in 0..MAX_DEPTH {
        let Object::Reference(r) = obj else {
            return (obj, id);
        };
        id = Some(*r);
        obj = doc.get_object(*r).unwrap_or(&Object::Null);
    }
    (&Object::Null, id)
}

/// A page attribute, looked up the page tree when the page does not set it.
fn inherited<'a>(doc: &'a Document, page: &'a Dictionary, key: &[u8]) -> &'a Object {
    let mut dict = page;
    for _ in 0..MAX_DEPTH {
        if let Ok(v) = dict.get(key) {
            return v;
        }
        let parent = dict
            .get(b"Parent")
            .and_then(Object::as_reference)
            .and_then(|id| doc.get_dictionary(id));
        match parent {
            Ok(p) => dict = p,
            Err(_) => break,
        }
    }
    &Object::Null
}

fn decoded(stream: &Stream) -> Option<Vec<u8>> {
    stream.get_plain_content_with_limit(MAX_DECODED).ok()
}

/// The page's content streams, decoded and joined (a page may split its content over
/// several streams; a re-save may join them).
fn page_content(doc: &Document, page: &Dictionary) -> Option<Vec<u8>> {
    let (contents, _) = resolve(doc, page.get(b"Contents").unwrap_or(&Object::Null));
    let parts: Vec<&Object> = match contents {
        Object::Array(items) => items.iter().collect(),
        Object::Null => Vec::new(),
        other => vec![other],
    };
    let mut out = Vec::new();
    for part in parts {
        let Object::Stream(s) = resolve(doc, part).0 else {
            return None;
        };
        out.extend(decoded(s)?);
        out.push(b'\n');
    }
    Some(out)
}

/// Whether two pages' content streams are stored alike (same streams, same filters, same
/// bytes): then they draw the same without decoding them.
fn stored_alike(gdoc: &Document, gpage: &Dictionary, edoc: &Document, epage: &Dictionary) -> bool {
    let (Some(g), Some(e)) = (content_streams(gdoc, gpage), content_streams(edoc, epage)) else {
        return false;
    };
    g.len() == e.len()
        && g.iter().zip(&e).all(|(a, b)| {
            a.content == b.content
                && STORAGE_KEYS[1..].iter().all(|k| {
                    match (a.dict.get(k).ok(), b.dict.get(k).ok()) {
                        (Some(x), Some(y)) => direct_eq(x, y),
                        (None, None) => true,
                        _ => false,
                    }
                })
        })
}

fn content_streams<'a>(doc: &'a Document, page: &'a Dictionary) -> Option<Vec<&'a Stream>> {
    let (contents, _) = resolve(doc, page.get(b"Contents").ok()?);
    let parts: Vec<&Object> = match contents {
        Object::Array(items) => items.iter().collect(),
        other => vec![other],
    };
    parts
        .into_iter()
        .map(|p| match resolve(doc, p).0 {
            Object::Stream(s) => Some(s),
            _ => None,
        })
        .collect()
}

fn is_content_stream(dict: &Dictionary) -> bool {
    dict.get(b"Subtype").and_then(Object::as_name).ok() == Some(b"Form")
        || dict.get(b"PatternType").and_then(Object::as_i64).ok() == Some(1)
}

fn is_image(dict: &Dictionary) -> bool {
    dict.get(b"Subtype").and_then(Object::as_name).ok() == Some(b"Image")
}

/// Two content streams draw the same when they are the same sequence of tokens (a
/// re-save may change only the spacing between them, as qpdf's QDF form does). Compared
/// token by token, stopping at the first difference; tokens are compared as written, so
/// `0.5` and `0.50` differ — safe, and no re-save tried here rewrites numbers.
fn same_operations(given: &[u8], expected: &[u8]) -> bool {
    if given == expected {
        return true;
    }
    let (mut g, mut e) = (Lexer::new(given), Lexer::new(expected));
    loop {
        match (g.next(), e.next()) {
            (None, None) => return true,
            (Some(a), Some(b)) if same_token(a, b) => {}
            _ => return false,
        }
    }
}

fn same_token(a: &[u8], b: &[u8]) -> bool {
    if a == b {
        return true;
    }
    // A string may be written literally or in hex, with other escapes (qpdf's QDF form
    // rewrites Typst's literal strings in hex): compare what they hold.
    match (string_value(a), string_value(b)) {
        (Some(x), Some(y)) => x == y,
        _ => false,
    }
}

/// The bytes a string token holds (`(…)` with its escapes, or `<…>` hex); `None` for
/// another token.
fn string_value(token: &[u8]) -> Option<Vec<u8>> {
    match token {
        [b'<', b'<', ..] => None,
        [b'<', hex @ ..] => {
            let digits: Vec<u8> = hex
                .iter()
                .take_while(|c| **c != b'>')
                .filter(|c| !is_space(**c))
                .map(|c| char::from(*c).to_digit(16).map(|d| d as u8))
                .collect::<Option<_>>()?;
            Some(
                digits
                    .chunks(2)
                    .map(|p| p.first().copied().unwrap_or(0) << 4 | p.get(1).copied().unwrap_or(0))
                    .collect(),
            )
        }
        [b'(', body @ ..] => {
            let body = body.strip_suffix(b")").unwrap_or(body);
            let mut out = Vec::with_capacity(body.len());
            let mut i = 0;
            while let Some(&c) = body.get(i) {
                i += 1;
                match c {
                    b'\\' => {
                        let Some(&e) = body.get(i) else { break };
                        i += 1;
                        match e {
                            b'n' => out.push(b'\n'),
                            b'r' => out.push(b'\r'),
                            b't' => out.push(b'\t'),
                            b'b' => out.push(8),
                            b'f' => out.push(12),
                            b'0'..=b'7' => {
                                let mut v = u32::from(e - b'0');
                                for _ in 0..2 {
                                    match body.get(i) {
                                        Some(&d @ b'0'..=b'7') => {
                                            v = v * 8 + u32::from(d - b'0');
                                            i += 1;
                                        }
                                        _ => break,
                                    }
                                }
                                out.push((v & 0xff) as u8);
                            }
                            // A backslash at the end of a line continues the string.
                            b'\r' => {
                                if body.get(i) == Some(&b'\n') {
                                    i += 1;
                                }
                            }
                            b'\n' => {}
                            other => out.push(other),
                        }
                    }
                    // An end of line in a string reads as a line feed.
                    b'\r' => {
                        if body.get(i) == Some(&b'\n') {
                            i += 1;
                        }
                        out.push(b'\n');
                    }
                    other => out.push(other),
                }
            }
            Some(out)
        }
        _ => None,
    }
}

const fn is_space(c: u8) -> bool {
    matches!(c, 0 | b'\t' | b'\n' | 0x0c | b'\r' | b' ')
}

const fn is_delimiter(c: u8) -> bool {
    matches!(
        c,
        b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%'
    )
}

/// The tokens of a content stream (PDF 32000-1, 7.2), as slices of it.
struct Lexer<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Lexer<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Lexer { bytes, at: 0 }
    }

    fn byte(&self, i: usize) -> Option<u8> {
        self.bytes.get(i).copied()
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        while self.byte(self.at).is_some_and(is_space) {
            self.at += 1;
        }
        let start = self.at;
        let first = self.byte(start)?;
        let mut i = start + 1;
        match first {
            b'(' => {
                let mut depth = 1u32;
                while let Some(c) = self.byte(i) {
                    i += 1;
                    match c {
                        b'\\' => i += 1,
                        b'(' => depth += 1,
                        b')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                }
            }
            b'<' | b'>' if self.byte(i) == Some(first) => i += 1,
            b'<' => {
                while let Some(c) = self.byte(i) {
                    i += 1;
                    if c == b'>' {
                        break;
                    }
                }
            }
            b'%' => {
                while self.byte(i).is_some_and(|c| c != b'\n' && c != b'\r') {
                    i += 1;
                }
            }
            b')' | b'>' | b'[' | b']' | b'{' | b'}' => {}
            _ => {
                while self
                    .byte(i)
                    .is_some_and(|c| !is_space(c) && !is_delimiter(c))
                {
                    i += 1;
                }
            }
        }
        let end = i.min(self.bytes.len());
        self.at = end;
        self.bytes.get(start..end)
    }
}

/// Equality of direct objects (content stream operands), numbers by value.
fn direct_eq(a: &Object, b: &Object) -> bool {
    match (a, b) {
        (Object::Integer(x), Object::Real(y)) | (Object::Real(y), Object::Integer(x)) => {
            *x as f32 == *y
        }
        (Object::String(x, _), Object::String(y, _)) => x == y,
        (Object::Array(x), Object::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| direct_eq(a, b))
        }
        (Object::Dictionary(x), Object::Dictionary(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_ok_and(|w| direct_eq(v, w)))
        }
        _ => a == b,
    }
}

fn key_name(key: &[u8]) -> String {
    format!("/{}", String::from_utf8_lossy(key))
}

impl Walk<'_> {
    fn page(&mut self, n: usize, g: ObjectId, e: ObjectId) -> Result<(), SheetError> {
        let layout = SheetError::PageDiffers {
            page: n,
            part: PagePart::Layout,
        };
        let (Ok(gd), Ok(ed)) = (
            self.given.get_dictionary(g),
            self.expected.get_dictionary(e),
        ) else {
            return Err(layout);
        };
        let has = |doc: &Document, d: &Dictionary, key: &[u8]| match d.get(key) {
            Ok(v) => match resolve(doc, v).0 {
                Object::Null => false,
                Object::Array(a) => !a.is_empty(),
                _ => true,
            },
            Err(_) => false,
        };
        if has(self.given, gd, b"Annots") && !has(self.expected, ed, b"Annots") {
            return Err(SheetError::PageAnnotations { page: n });
        }
        if has(self.given, gd, b"AA") && !has(self.expected, ed, b"AA") {
            return Err(SheetError::ActiveContent { what: "AA".into() });
        }

        let content = stored_alike(self.given, gd, self.expected, ed)
            || match (
                page_content(self.given, gd),
                page_content(self.expected, ed),
            ) {
                (Some(g), Some(e)) => same_operations(&g, &e),
                _ => false,
            };
        if !content {
            return Err(SheetError::PageDiffers {
                page: n,
                part: PagePart::Content,
            });
        }

        self.resources(
            n,
            inherited(self.given, gd, b"Resources"),
            inherited(self.expected, ed, b"Resources"),
        )?;

        // Every other entry of the page: its boxes, rotation, annotations, structure.
        let mut keys: Vec<&[u8]> = gd.iter().chain(ed.iter()).map(|(k, _)| &k[..]).collect();
        keys.extend(INHERITABLE);
        keys.sort_unstable();
        keys.dedup();
        for key in keys {
            if matches!(key, b"Parent" | b"Contents" | b"Resources") {
                continue;
            }
            let (gv, ev) = if INHERITABLE.contains(&key) {
                (
                    inherited(self.given, gd, key),
                    inherited(self.expected, ed, key),
                )
            } else {
                (
                    gd.get(key).unwrap_or(&Object::Null),
                    ed.get(key).unwrap_or(&Object::Null),
                )
            };
            if self.object(gv, ev).is_err() {
                return Err(match key {
                    b"Annots" => SheetError::PageAnnotations { page: n },
                    b"AA" => SheetError::ActiveContent { what: "AA".into() },
                    _ => layout,
                });
            }
        }
        Ok(())
    }

    fn resources(&mut self, n: usize, g: &Object, e: &Object) -> Result<(), SheetError> {
        let differs = |part: PagePart, d: Differs| SheetError::PageDiffers {
            page: n,
            part: if d.image { PagePart::Image } else { part },
        };
        let (gr, _) = resolve(self.given, g);
        let (er, _) = resolve(self.expected, e);
        let (Object::Dictionary(gr), Object::Dictionary(er)) = (gr, er) else {
            return self
                .object(g, e)
                .map_err(|d| differs(PagePart::Resources, d));
        };
        let mut keys: Vec<&[u8]> = gr.iter().chain(er.iter()).map(|(k, _)| &k[..]).collect();
        keys.sort_unstable();
        keys.dedup();
        for key in keys {
            let gv = gr.get(key).unwrap_or(&Object::Null);
            let ev = er.get(key).unwrap_or(&Object::Null);
            match key {
                b"Font" => self
                    .object(gv, ev)
                    .map_err(|d| differs(PagePart::Font, d))?,
                b"XObject" => {
                    let (Object::Dictionary(gx), Object::Dictionary(ex)) =
                        (resolve(self.given, gv).0, resolve(self.expected, ev).0)
                    else {
                        return self
                            .object(gv, ev)
                            .map_err(|d| differs(PagePart::Drawing, d));
                    };
                    let mut names: Vec<&[u8]> =
                        gx.iter().chain(ex.iter()).map(|(k, _)| &k[..]).collect();
                    names.sort_unstable();
                    names.dedup();
                    for name in names {
                        let gv = gx.get(name).unwrap_or(&Object::Null);
                        let ev = ex.get(name).unwrap_or(&Object::Null);
                        let image = [resolve(self.given, gv).0, resolve(self.expected, ev).0]
                            .iter()
                            .any(|o| matches!(o, Object::Stream(s) if is_image(&s.dict)));
                        let part = if image {
                            PagePart::Image
                        } else {
                            PagePart::Drawing
                        };
                        self.object(gv, ev).map_err(|d| differs(part, d))?;
                    }
                }
                _ => self
                    .object(gv, ev)
                    .map_err(|d| differs(PagePart::Resources, d))?,
            }
        }
        Ok(())
    }

    /// Compares two objects (the given one first), following references in parallel.
    fn object(&mut self, g: &Object, e: &Object) -> Result<(), Differs> {
        if self.depth > MAX_DEPTH {
            return Err(DIFFERS);
        }
        self.depth += 1;
        let r = self.object_inner(g, e);
        self.depth -= 1;
        r
    }

    fn object_inner(&mut self, g: &Object, e: &Object) -> Result<(), Differs> {
        let (g, gid) = resolve(self.given, g);
        let (e, eid) = resolve(self.expected, e);
        let gpage = gid.and_then(|id| self.given_pages.get(&id));
        let epage = eid.and_then(|id| self.expected_pages.get(&id));
        if gpage.is_some() || epage.is_some() {
            // A page named from elsewhere (the structure tree, a destination): the same
            // page, by its number. The pages themselves are compared in order above.
            return if gpage == epage { Ok(()) } else { Err(DIFFERS) };
        }
        if let (Some(gid), Some(eid)) = (gid, eid) {
            if !self.seen.insert((gid, eid)) {
                return Ok(());
            }
        }
        match (g, e) {
            (Object::Array(a), Object::Array(b)) => {
                if a.len() != b.len() {
                    return Err(DIFFERS);
                }
                for (i, (x, y)) in a.iter().zip(b).enumerate() {
                    self.object(x, y)
                        .map_err(|d| d.within(|| format!("[{i}]")))?;
                }
                Ok(())
            }
            (Object::Dictionary(a), Object::Dictionary(b)) => self.dicts(a, b, &[]),
            (Object::Stream(a), Object::Stream(b)) => self.streams(a, b),
            (Object::Array(_) | Object::Dictionary(_) | Object::Stream(_), _)
            | (_, Object::Array(_) | Object::Dictionary(_) | Object::Stream(_)) => Err(DIFFERS),
            _ if direct_eq(g, e) => Ok(()),
            _ => Err(DIFFERS),
        }
    }

    /// Compares two dictionaries entry by entry, leaving out `skip`; an entry that is
    /// `null` counts as absent.
    fn dicts(&mut self, g: &Dictionary, e: &Dictionary, skip: &[&[u8]]) -> Result<(), Differs> {
        for (key, gv) in g.iter() {
            if skip.contains(&&key[..]) {
                continue;
            }
            self.object(gv, e.get(key).unwrap_or(&Object::Null))
                .map_err(|d| d.within(|| key_name(key)))?;
        }
        for (key, ev) in e.iter() {
            if skip.contains(&&key[..]) || g.has(key) {
                continue;
            }
            self.object(&Object::Null, ev)
                .map_err(|d| d.within(|| key_name(key)))?;
        }
        Ok(())
    }

    fn streams(&mut self, g: &Stream, e: &Stream) -> Result<(), Differs> {
        self.dicts(&g.dict, &e.dict, &STORAGE_KEYS)?;
        let stored_alike = STORAGE_KEYS[1..].iter().all(|k| {
            let (x, y) = (g.dict.get(k).ok(), e.dict.get(k).ok());
            match (x, y) {
                (Some(x), Some(y)) => direct_eq(x, y),
                (None, None) => true,
                _ => false,
            }
        });
        if stored_alike && g.content == e.content {
            return Ok(());
        }
        let image = is_image(&e.dict);
        let differs = Differs {
            image,
            at: Vec::new(),
        };
        let (Some(gd), Some(ed)) = (decoded(g), decoded(e)) else {
            return Err(differs);
        };
        let same = if is_content_stream(&e.dict) {
            same_operations(&gd, &ed)
        } else {
            gd == ed
        };
        if same {
            Ok(())
        } else {
            Err(differs)
        }
    }
}
