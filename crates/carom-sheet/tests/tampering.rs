//! Tampering with what a person reads on a signed sheet (issue 13): at least 1,000 seeded
//! tamperings of each kind, each refused by `verify`, and the legitimate re-saves that
//! must still verify. The base sheets are rendered once; every tampering is made in
//! memory with lopdf and verified against one cached re-render per base.
//!
//! Run with `--nocapture` to see the counts.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Instant;

use carom_i18n::{tr, Arg, Lang};
use carom_sheet::fixtures::{self, Fixture, Rng};
use carom_sheet::{
    render_pdf, verify_pdf, verify_pdf_cached, RenderCache, RenderOptions, SealedResult,
    SheetDocument, SheetError,
};
use lopdf::content::{Content, Operation};
use lopdf::{dictionary, Dictionary, Document, Object, ObjectId, Stream, StringFormat};

/// Tamperings per kind.
const N: usize = 1000;

struct Base {
    name: String,
    pdf: Vec<u8>,
    doc: Document,
    sheet: SheetDocument,
    lang: Lang,
}

fn render(f: &Fixture, lang: Lang) -> Vec<u8> {
    render_pdf(
        &f.doc,
        &f.match_file,
        lang,
        &fixtures::device_key(),
        &RenderOptions::default(),
    )
    .unwrap()
}

/// The sheets tampered with: three matches (one to three pages) in the three languages.
fn bases() -> &'static [Base] {
    static BASES: OnceLock<Vec<Base>> = OnceLock::new();
    BASES.get_or_init(|| {
        let mut out = Vec::new();
        let fixtures: [(&str, Fixture); 3] = [
            ("equalizing", fixtures::three_cushion_equalizing(21)),
            ("libre-120", fixtures::libre_120_innings(22)),
            ("sets", fixtures::three_cushion_sets(23)),
        ];
        for (name, f) in &fixtures {
            for lang in Lang::ALL {
                out.push(base(format!("{name}-{}", lang.code()), f, lang));
            }
        }
        out
    })
}

/// A long straight-rail match of several pages, for page reordering (kept out of the
/// other kinds: its thousands of objects make each tampering slower).
fn long_sheet() -> &'static Base {
    static LONG: OnceLock<Base> = OnceLock::new();
    LONG.get_or_init(|| {
        base(
            "libre-250-fr".into(),
            &fixtures::libre_innings(250, 24),
            Lang::Fr,
        )
    })
}

fn base(name: String, f: &Fixture, lang: Lang) -> Base {
    let pdf = render(f, lang);
    Base {
        name,
        doc: Document::load_mem(&pdf).unwrap(),
        pdf,
        sheet: f.doc.clone(),
        lang,
    }
}

/// Sheets of other matches, whose pages get appended or swapped in.
fn others() -> &'static [Document] {
    static OTHERS: OnceLock<Vec<Document>> = OnceLock::new();
    OTHERS.get_or_init(|| {
        [
            render(&fixtures::three_cushion_equalizing(31), Lang::En),
            render(&fixtures::libre_120_innings(32), Lang::Fr),
            render(&fixtures::three_cushion_sets(33), Lang::Es),
        ]
        .iter()
        .map(|pdf| Document::load_mem(pdf).unwrap())
        .collect()
    })
}

fn save(doc: &mut Document) -> Vec<u8> {
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

fn pages(doc: &Document) -> Vec<ObjectId> {
    doc.get_pages().into_values().collect()
}

/// Tallies of one kind: refusals by error variant, and what was accepted.
#[derive(Default)]
struct Tally {
    refused: BTreeMap<String, usize>,
    accepted: Vec<String>,
    distinct: BTreeSet<Vec<u8>>,
}

impl Tally {
    fn check(&mut self, cache: &mut RenderCache, pdf: &[u8], what: &str) {
        self.distinct
            .insert(carom_sheet::sha256(pdf)[..12].to_vec());
        match verify_pdf_cached(pdf, cache) {
            Ok(_) => self.accepted.push(what.to_owned()),
            Err(e) => {
                let debug = format!("{e:?}");
                let kind = debug.split([' ', '{', '(']).next().unwrap_or_default();
                *self.refused.entry(kind.to_owned()).or_default() += 1;
            }
        }
    }

    fn refused(&self) -> usize {
        self.refused.values().sum()
    }

    fn report(&self, kind: &str, started: Instant) {
        println!(
            "{kind}: {} tamperings ({} distinct files), {} refused, {} accepted, {:.1} s; refusals: {:?}",
            self.refused() + self.accepted.len(),
            self.distinct.len(),
            self.refused(),
            self.accepted.len(),
            started.elapsed().as_secs_f64(),
            self.refused
        );
    }

    /// Every tampering refused.
    fn assert_all_refused(&self, kind: &str) {
        assert!(
            self.accepted.is_empty(),
            "{kind}: {} accepted, e.g. {:?}",
            self.accepted.len(),
            &self.accepted[..self.accepted.len().min(5)]
        );
        assert!(self.refused() >= N, "{kind}: only {}", self.refused());
    }
}

// ---------- text on the page ----------

/// A font's code → text map (its `ToUnicode` CMap), and the reverse for single chars.
#[derive(Default, Clone)]
struct Glyphs {
    width: usize,
    text: HashMap<Vec<u8>, String>,
    code: HashMap<char, Vec<u8>>,
}

fn hex_bytes(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
        .collect()
}

fn utf16(bytes: &[u8]) -> String {
    let units: Vec<u16> = bytes
        .chunks(2)
        .map(|c| u16::from_be_bytes([c[0], *c.get(1).unwrap_or(&0)]))
        .collect();
    String::from_utf16_lossy(&units)
}

fn parse_cmap(cmap: &str) -> Glyphs {
    let mut g = Glyphs::default();
    let hexes = |line: &str| -> Vec<String> {
        line.split('<')
            .skip(1)
            .filter_map(|p| p.split('>').next().map(str::to_owned))
            .collect()
    };
    let mut mode = "";
    for line in cmap.lines() {
        let line = line.trim();
        if line.ends_with("beginbfchar") {
            mode = "char";
        } else if line.ends_with("beginbfrange") {
            mode = "range";
        } else if line.starts_with("end") {
            mode = "";
        } else if mode == "char" {
            if let [src, dst] = hexes(line).as_slice() {
                g.width = src.len() / 2;
                g.text.insert(hex_bytes(src), utf16(&hex_bytes(dst)));
            }
        } else if mode == "range" {
            if let [lo, hi, dst] = hexes(line).as_slice() {
                g.width = lo.len() / 2;
                let (lo, hi) = (
                    u32::from_str_radix(lo, 16).unwrap(),
                    u32::from_str_radix(hi, 16).unwrap(),
                );
                let d = u32::from_str_radix(dst, 16).unwrap();
                for (i, c) in (lo..=hi).enumerate() {
                    let src = c.to_be_bytes()[4 - g.width..].to_vec();
                    if let Some(ch) = char::from_u32(d + i as u32) {
                        g.text.insert(src, ch.to_string());
                    }
                }
            }
        }
    }
    for (code, text) in &g.text {
        let mut chars = text.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            g.code.entry(c).or_insert_with(|| code.clone());
        }
    }
    g
}

/// Where one glyph's code sits in the content: operation, operand, array element,
/// byte offset.
#[derive(Clone, Debug)]
struct GlyphAt {
    op: usize,
    elem: Option<usize>,
    offset: usize,
    text: String,
}

/// A text-showing operation and the `q … Q` block around it.
#[derive(Clone, Debug)]
struct Run {
    font: Vec<u8>,
    size: f32,
    glyphs: Vec<GlyphAt>,
    block: (usize, usize),
}

impl Run {
    fn text(&self) -> String {
        self.glyphs.iter().map(|g| g.text.as_str()).collect()
    }
}

struct PageText {
    id: ObjectId,
    ops: Vec<Operation>,
    runs: Vec<Run>,
    fonts: HashMap<Vec<u8>, Glyphs>,
}

fn page_fonts(doc: &Document, page: ObjectId) -> HashMap<Vec<u8>, Glyphs> {
    let mut out = HashMap::new();
    let (res, ids) = doc.get_page_resources(page).unwrap();
    let mut dicts: Vec<&Dictionary> = res.into_iter().collect();
    for id in ids {
        dicts.push(doc.get_dictionary(id).unwrap());
    }
    for res in dicts {
        let Ok(fonts) = res.get_deref(b"Font", doc).and_then(Object::as_dict) else {
            continue;
        };
        for (name, font) in fonts.iter() {
            let font = doc.dereference(font).unwrap().1.as_dict().unwrap();
            let Ok(tu) = font
                .get_deref(b"ToUnicode", doc)
                .and_then(Object::as_stream)
            else {
                continue;
            };
            let cmap = String::from_utf8_lossy(&tu.get_plain_content().unwrap()).into_owned();
            out.insert(name.clone(), parse_cmap(&cmap));
        }
    }
    out
}

fn page_text(doc: &Document, page: ObjectId) -> PageText {
    let fonts = page_fonts(doc, page);
    let ops = Content::decode(&doc.get_page_content(page))
        .unwrap()
        .operations;
    let mut runs = Vec::new();
    let mut stack = Vec::new();
    let mut font = (Vec::new(), 0.0);
    let mut open: Vec<Run> = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        match op.operator.as_str() {
            "q" => stack.push(i),
            "Q" => {
                let start = stack.pop().unwrap_or(0);
                for mut r in open.drain(..) {
                    r.block = (start, i);
                    runs.push(r);
                }
            }
            "Tf" => {
                font = (
                    op.operands[0].as_name().unwrap().to_vec(),
                    op.operands[1].as_float().unwrap(),
                )
            }
            "TJ" | "Tj" => {
                let Some(g) = fonts.get(&font.0) else {
                    continue;
                };
                let mut glyphs = Vec::new();
                let mut add = |bytes: &[u8], elem: Option<usize>| {
                    for (k, code) in bytes.chunks(g.width.max(1)).enumerate() {
                        glyphs.push(GlyphAt {
                            op: i,
                            elem,
                            offset: k * g.width,
                            text: g.text.get(code).cloned().unwrap_or_default(),
                        });
                    }
                };
                match &op.operands[0] {
                    Object::String(b, _) => add(b, None),
                    Object::Array(items) => {
                        for (e, item) in items.iter().enumerate() {
                            if let Object::String(b, _) = item {
                                add(b, Some(e));
                            }
                        }
                    }
                    _ => {}
                }
                open.push(Run {
                    font: font.0.clone(),
                    size: font.1,
                    glyphs,
                    block: (0, 0),
                });
            }
            _ => {}
        }
    }
    PageText {
        id: page,
        ops,
        runs,
        fonts,
    }
}

fn texts(base: &Base) -> &'static [PageText] {
    static TEXTS: OnceLock<Vec<Vec<PageText>>> = OnceLock::new();
    let all = TEXTS.get_or_init(|| {
        bases()
            .iter()
            .map(|b| {
                pages(&b.doc)
                    .into_iter()
                    .map(|p| page_text(&b.doc, p))
                    .collect()
            })
            .collect()
    });
    let at = bases().iter().position(|b| b.name == base.name).unwrap();
    &all[at]
}

/// Replaces the code of `glyph` in `ops` by `code`.
fn set_glyph(ops: &mut [Operation], glyph: &GlyphAt, code: &[u8]) {
    let operand = &mut ops[glyph.op].operands[0];
    let bytes = match (operand, glyph.elem) {
        (Object::String(b, _), None) => b,
        (Object::Array(items), Some(e)) => match &mut items[e] {
            Object::String(b, _) => b,
            _ => unreachable!(),
        },
        _ => unreachable!(),
    };
    bytes[glyph.offset..glyph.offset + code.len()].copy_from_slice(code);
}

/// Another glyph of the same class (digit for a digit, letter for a letter) that the
/// font has; `None` if it has none.
fn other_glyph(rng: &mut Rng, glyphs: &Glyphs, text: &str) -> Option<(char, Vec<u8>)> {
    let c = text.chars().next()?;
    let pool: Vec<char> = if c.is_ascii_digit() {
        ('0'..='9').collect()
    } else if c.is_alphabetic() {
        glyphs
            .code
            .keys()
            .copied()
            .filter(|k| k.is_alphabetic())
            .collect()
    } else {
        return None;
    };
    let mut pool: Vec<char> = pool
        .into_iter()
        .filter(|k| *k != c && glyphs.code.contains_key(k))
        .collect();
    pool.sort_unstable();
    if pool.is_empty() {
        return None;
    }
    let k = pool[rng.below(pool.len() as u64) as usize];
    Some((k, glyphs.code[&k].clone()))
}

/// Writes `ops` as the content of `page` (one stream).
fn set_content(doc: &mut Document, page: ObjectId, ops: Vec<Operation>) {
    let bytes = Content { operations: ops }.encode().unwrap();
    let id = doc.add_object(Stream::new(Dictionary::new(), bytes));
    doc.get_object_mut(page)
        .unwrap()
        .as_dict_mut()
        .unwrap()
        .set("Contents", id);
}

/// The words a person reads for a target: the players' names, the referee's, the
/// result line.
fn words(base: &Base, target: usize) -> Vec<String> {
    let s = &base.sheet;
    let text = match target {
        0 => format!("{} {}", s.players[0].name, s.players[1].name),
        1 => s.header.referee.clone(),
        _ => match s.result {
            SealedResult::Win { winner } | SealedResult::Forfeit { winner } => tr(
                base.lang,
                "sheet-result-win",
                &[("name", Arg::Text(s.players[winner.index()].name.clone()))],
            ),
            SealedResult::Draw => tr(base.lang, "sheet-result-draw", &[]),
        },
    };
    text.split_whitespace()
        .map(str::to_owned)
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .collect()
}

/// Glyphs of `page` a tampering may change: digits (the grid, totals, scores) or the
/// letters of the words of a target.
fn candidates(base: &Base, page: &PageText, class: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let wanted = if class == 0 {
        vec![]
    } else {
        words(base, class - 1)
    };
    for (r, run) in page.runs.iter().enumerate() {
        let text = run.text();
        if class == 0 {
            for (g, glyph) in run.glyphs.iter().enumerate() {
                if glyph.text.chars().all(|c| c.is_ascii_digit()) && !glyph.text.is_empty() {
                    out.push((r, g));
                }
            }
        } else if wanted.iter().any(|w| text.contains(w.as_str())) {
            for (g, glyph) in run.glyphs.iter().enumerate() {
                if glyph.text.chars().any(char::is_alphabetic) {
                    out.push((r, g));
                }
            }
        }
    }
    out
}

/// A random base, page, and a glyph of `class` on it with a replacement.
struct TextEdit {
    base: &'static Base,
    page: &'static PageText,
    run: &'static Run,
    glyph: &'static GlyphAt,
    code: Vec<u8>,
    what: String,
}

fn pick_edit(rng: &mut Rng, class: usize) -> TextEdit {
    loop {
        let base = &bases()[rng.below(bases().len() as u64) as usize];
        let all = texts(base);
        let page = &all[rng.below(all.len() as u64) as usize];
        let c = candidates(base, page, class);
        if c.is_empty() {
            continue;
        }
        let (r, g) = c[rng.below(c.len() as u64) as usize];
        let run = &page.runs[r];
        let glyph = &run.glyphs[g];
        let Some((to, code)) = other_glyph(rng, &page.fonts[&run.font], &glyph.text) else {
            continue;
        };
        return TextEdit {
            what: format!(
                "{}: {:?} → {to:?} in {:?}",
                base.name,
                glyph.text,
                run.text()
            ),
            base,
            page,
            run,
            glyph,
            code,
        };
    }
}

#[test]
fn a_digit_or_a_letter_changed_on_the_page_is_refused_1000_times() {
    let started = Instant::now();
    let mut rng = Rng::new(1301);
    let mut cache = RenderCache::default();
    let mut tally = Tally::default();
    let mut per_class = [0usize; 4];
    for i in 0..N {
        // A digit of the grid, totals or scores; a player's name; the referee; the result.
        let class = i % 4;
        per_class[class] += 1;
        let edit = pick_edit(&mut rng, class);
        let mut ops = edit.page.ops.clone();
        set_glyph(&mut ops, edit.glyph, &edit.code);
        let mut doc = edit.base.doc.clone();
        set_content(&mut doc, edit.page.id, ops);
        tally.check(&mut cache, &save(&mut doc), &edit.what);
    }
    tally.report(
        &format!("visible text (digits, names, referee, result {per_class:?})"),
        started,
    );
    tally.assert_all_refused("visible text");
}

/// The genuine block of `run`, and a copy with the glyph changed, for the hidden and the
/// painted-over tamperings.
fn genuine_and_forged(edit: &TextEdit) -> (Vec<Operation>, Vec<Operation>) {
    let (start, end) = edit.run.block;
    let genuine = edit.page.ops[start..=end].to_vec();
    let mut all = edit.page.ops.clone();
    set_glyph(&mut all, edit.glyph, &edit.code);
    (genuine, all[start..=end].to_vec())
}

#[test]
fn genuine_figures_kept_as_invisible_text_under_new_ones_are_refused_1000_times() {
    let started = Instant::now();
    let mut rng = Rng::new(1302);
    let mut cache = RenderCache::default();
    let mut tally = Tally::default();
    for _ in 0..N {
        let edit = pick_edit(&mut rng, 0);
        let (mut hidden, forged) = genuine_and_forged(&edit);
        // Render mode 3 (neither fill nor stroke), or 7 (clip only) now and then.
        let mode = if rng.below(5) == 0 { 7 } else { 3 };
        for op in &mut hidden {
            if op.operator == "Tr" {
                op.operands = vec![Object::Integer(mode)];
            }
        }
        let (start, end) = edit.run.block;
        let mut ops = edit.page.ops[..start].to_vec();
        ops.extend(hidden);
        ops.extend(forged);
        ops.extend_from_slice(&edit.page.ops[end + 1..]);
        let mut doc = edit.base.doc.clone();
        set_content(&mut doc, edit.page.id, ops);
        tally.check(&mut cache, &save(&mut doc), &edit.what);
    }
    tally.report("hidden text (render mode 3/7 under new figures)", started);
    tally.assert_all_refused("hidden text");
}

#[test]
fn genuine_figures_painted_over_with_new_ones_on_top_are_refused_1000_times() {
    let started = Instant::now();
    let mut rng = Rng::new(1303);
    let mut cache = RenderCache::default();
    let mut tally = Tally::default();
    for _ in 0..N {
        let edit = pick_edit(&mut rng, 0);
        let (genuine, forged) = genuine_and_forged(&edit);
        // Typst draws each run in its own `q <cm> … BT … Tm … ET Q`, the text flipped by
        // its Tm: a white box over the run in the same coordinates, then the new run.
        let cm = genuine.iter().find(|op| op.operator == "cm").cloned();
        let fs = edit.run.size;
        let width = 0.62 * fs * edit.run.glyphs.len() as f32 + 1.0;
        let mut ops = edit.page.ops[..=edit.run.block.1].to_vec();
        ops.push(Operation::new("q", vec![]));
        ops.extend(cm);
        ops.push(Operation::new(
            "rg",
            vec![1.0.into(), 1.0.into(), 1.0.into()],
        ));
        ops.push(Operation::new(
            "re",
            vec![
                (-0.5).into(),
                (-0.95 * fs).into(),
                width.into(),
                (1.25 * fs).into(),
            ],
        ));
        ops.push(Operation::new("f", vec![]));
        ops.push(Operation::new("Q", vec![]));
        ops.extend(forged);
        ops.extend_from_slice(&edit.page.ops[edit.run.block.1 + 1..]);
        let _ = genuine;
        let mut doc = edit.base.doc.clone();
        set_content(&mut doc, edit.page.id, ops);
        tally.check(&mut cache, &save(&mut doc), &edit.what);
    }
    tally.report("painted over (white box, new figures on top)", started);
    tally.assert_all_refused("painted over");
}

// ---------- pages ----------

/// Rebuilds the page tree of `doc` with `kids`, in order, under the root /Pages.
fn set_pages(doc: &mut Document, kids: &[ObjectId]) {
    let root = doc
        .catalog()
        .unwrap()
        .get(b"Pages")
        .unwrap()
        .as_reference()
        .unwrap();
    for &k in kids {
        if let Ok(Object::Dictionary(d)) = doc.get_object_mut(k) {
            d.set("Parent", root);
        }
    }
    let pages = doc.get_object_mut(root).unwrap().as_dict_mut().unwrap();
    pages.set(
        "Kids",
        kids.iter()
            .map(|&k| Object::Reference(k))
            .collect::<Vec<_>>(),
    );
    pages.set("Count", kids.len() as i64);
}

/// Copies page `n` of `other` (with everything it uses) into `doc`; returns its id.
fn import_page(doc: &mut Document, other: &Document, n: usize) -> ObjectId {
    let mut other = other.clone();
    other.renumber_objects_with(doc.max_id + 1);
    let page = pages(&other)[n];
    doc.max_id = other.max_id;
    doc.objects.extend(other.objects);
    page
}

fn page_kind(kind: &str, seed: u64, change: impl Fn(&mut Rng, &Base, &mut Document) -> String) {
    let started = Instant::now();
    let mut rng = Rng::new(seed);
    let mut cache = RenderCache::default();
    let mut tally = Tally::default();
    for _ in 0..N {
        let base = &bases()[rng.below(bases().len() as u64) as usize];
        let mut doc = base.doc.clone();
        let what = change(&mut rng, base, &mut doc);
        tally.check(
            &mut cache,
            &save(&mut doc),
            &format!("{}: {what}", base.name),
        );
    }
    tally.report(kind, started);
    tally.assert_all_refused(kind);
}

#[test]
fn a_page_removed_is_refused_1000_times() {
    page_kind("page removal", 1304, |rng, _, doc| {
        let mut kids = pages(doc);
        // One page or several, anywhere (the seal page too).
        let n = 1 + rng.below(kids.len() as u64) as usize;
        let mut removed = Vec::new();
        for _ in 0..n.min(kids.len()) {
            removed.push(kids.remove(rng.below(kids.len() as u64) as usize));
        }
        set_pages(doc, &kids);
        format!("removed {removed:?}")
    });
}

#[test]
fn a_page_repeated_is_refused_1000_times() {
    page_kind("page duplication", 1305, |rng, _, doc| {
        let genuine = pages(doc);
        let n = genuine.len();
        let from = rng.below(n as u64) as usize;
        let copy = if rng.below(2) == 0 {
            genuine[from]
        } else {
            // A new object with the same content, rather than the same page twice.
            let page = doc.get_object(genuine[from]).unwrap().clone();
            doc.add_object(page)
        };
        // Which genuine page each position shows; the repeat may replace another page
        // (the page count then stays right), never give back the genuine order.
        loop {
            let mut order: Vec<usize> = (0..n).collect();
            let to = rng.below(n as u64 + 1) as usize;
            order.insert(to, from);
            if n > 1 && rng.below(3) == 0 {
                order.remove(rng.below(order.len() as u64) as usize);
            }
            if order != (0..n).collect::<Vec<_>>() {
                let kids: Vec<ObjectId> = order
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| {
                        if p == from && i != from {
                            copy
                        } else {
                            genuine[p]
                        }
                    })
                    .collect();
                set_pages(doc, &kids);
                return format!("page {from} repeated: order {order:?}");
            }
        }
    });
}

#[test]
fn pages_in_another_order_are_refused_1000_times() {
    let multi: Vec<&Base> = bases()
        .iter()
        .chain([long_sheet()])
        .filter(|b| pages(&b.doc).len() > 1)
        .collect();
    assert!(
        multi.len() >= 4,
        "bases with several pages: {}",
        multi.len()
    );
    page_kind("page reordering", 1306, |rng, base, doc| {
        let base = if pages(&base.doc).len() > 1 {
            base
        } else {
            multi[rng.below(multi.len() as u64) as usize]
        };
        *doc = base.doc.clone();
        let genuine = pages(doc);
        let mut kids = genuine.clone();
        while kids == genuine {
            for i in (1..kids.len()).rev() {
                kids.swap(i, rng.below(i as u64 + 1) as usize);
            }
        }
        set_pages(doc, &kids);
        format!("{} in order {kids:?}", base.name)
    });
}

#[test]
fn a_page_of_another_match_appended_or_swapped_in_is_refused_1000_times() {
    page_kind("another match's page", 1307, |rng, _, doc| {
        let others = others();
        let o = rng.below(others.len() as u64) as usize;
        let n = rng.below(pages(&others[o]).len() as u64) as usize;
        let page = import_page(doc, &others[o], n);
        let mut kids = pages(doc);
        match rng.below(3) {
            0 => kids.push(page),
            1 => kids.insert(rng.below(kids.len() as u64 + 1) as usize, page),
            _ => {
                let at = rng.below(kids.len() as u64) as usize;
                kids[at] = page;
            }
        }
        set_pages(doc, &kids);
        format!("page {n} of other sheet {o}")
    });
}

// ---------- the QR code ----------

/// The image XObjects of `doc` (the QR code).
fn images(doc: &Document) -> Vec<ObjectId> {
    doc.objects
        .iter()
        .filter(|(_, o)| {
            matches!(o, Object::Stream(s)
                if s.dict.get(b"Subtype").and_then(Object::as_name).ok() == Some(b"Image"))
        })
        .map(|(id, _)| *id)
        .collect()
}

#[test]
fn a_qr_code_with_other_pixels_is_refused_1000_times() {
    let started = Instant::now();
    let mut rng = Rng::new(1308);
    let mut cache = RenderCache::default();
    let mut tally = Tally::default();
    let foreign: Vec<Vec<u8>> = others()
        .iter()
        .flat_map(|d| {
            images(d).into_iter().map(|id| {
                d.get_object(id)
                    .unwrap()
                    .as_stream()
                    .unwrap()
                    .get_plain_content()
                    .unwrap()
            })
        })
        .collect();
    for _ in 0..N {
        let base = &bases()[rng.below(bases().len() as u64) as usize];
        let qr = images(&base.doc);
        assert_eq!(qr.len(), 1, "{}: one image, the QR code", base.name);
        let mut doc = base.doc.clone();
        let stream = doc.get_object_mut(qr[0]).unwrap().as_stream_mut().unwrap();
        let mut pixels = stream.get_plain_content().unwrap();
        let what = if rng.below(5) == 0 {
            // Another sheet's QR code (same size: the seal text has a fixed length).
            pixels = foreign[rng.below(foreign.len() as u64) as usize].clone();
            "another sheet's QR code".to_owned()
        } else {
            let n = 1 + rng.below(8);
            for _ in 0..n {
                let at = rng.below(pixels.len() as u64) as usize;
                pixels[at] = 255 - pixels[at];
            }
            format!("{n} pixels inverted")
        };
        stream.set_plain_content(pixels);
        if rng.below(2) == 0 {
            let _ = stream.compress();
        }
        tally.check(
            &mut cache,
            &save(&mut doc),
            &format!("{}: {what}", base.name),
        );
    }
    tally.report("QR image", started);
    tally.assert_all_refused("QR image");
}

// ---------- attachments and active content ----------

fn embedded_file(doc: &mut Document, name: &str, bytes: Vec<u8>) -> ObjectId {
    let file = doc.add_object(Stream::new(dictionary! { "Type" => "EmbeddedFile" }, bytes));
    doc.add_object(dictionary! {
        "Type" => "Filespec",
        "F" => Object::String(name.as_bytes().to_vec(), StringFormat::Literal),
        "UF" => Object::String(name.as_bytes().to_vec(), StringFormat::Literal),
        "EF" => dictionary! { "F" => file },
    })
}

/// The `/Names` array of the embedded files tree.
fn embedded_names(doc: &mut Document) -> &mut Vec<Object> {
    let names = doc.catalog().unwrap().get(b"Names").unwrap().clone();
    let tree = match names {
        Object::Reference(id) => doc
            .get_object(id)
            .unwrap()
            .as_dict()
            .unwrap()
            .get(b"EmbeddedFiles")
            .unwrap()
            .clone(),
        Object::Dictionary(d) => d.get(b"EmbeddedFiles").unwrap().clone(),
        _ => unreachable!(),
    };
    let id = match tree {
        Object::Reference(id) => id,
        // The tree written inside the /Names dictionary: move it to an object of its own.
        Object::Dictionary(d) => {
            let id = doc.add_object(d);
            let names = doc.catalog().unwrap().get(b"Names").unwrap().clone();
            let holder = match names {
                Object::Reference(n) => doc.get_object_mut(n).unwrap().as_dict_mut().unwrap(),
                _ => doc
                    .catalog_mut()
                    .unwrap()
                    .get_mut(b"Names")
                    .unwrap()
                    .as_dict_mut()
                    .unwrap(),
            };
            holder.set("EmbeddedFiles", id);
            id
        }
        _ => unreachable!(),
    };
    doc.get_object_mut(id)
        .unwrap()
        .as_dict_mut()
        .unwrap()
        .get_mut(b"Names")
        .unwrap()
        .as_array_mut()
        .unwrap()
}

fn random_bytes(rng: &mut Rng, n: usize) -> Vec<u8> {
    (0..n).map(|_| rng.next_u64() as u8).collect()
}

#[test]
fn an_extra_attachment_is_refused_1000_times() {
    let started = Instant::now();
    let mut rng = Rng::new(1309);
    let mut cache = RenderCache::default();
    let mut tally = Tally::default();
    let names = [
        "notes.txt",
        "match.json",
        "seal.json",
        "corrected-sheet.pdf",
        "Résultat officiel.txt",
        "sub/match.json",
        "payload.js",
    ];
    for i in 0..N {
        let base = &bases()[rng.below(bases().len() as u64) as usize];
        let mut doc = base.doc.clone();
        let name = format!(
            "{}{}",
            if rng.below(2) == 0 { "" } else { "x" },
            names[rng.below(names.len() as u64) as usize]
        );
        let len = 1 + rng.below(200) as usize;
        let bytes = random_bytes(&mut rng, len);
        let spec = embedded_file(&mut doc, &name, bytes);
        let how = i % 3;
        match how {
            // In the attachments list, anywhere.
            0 => {
                let list = embedded_names(&mut doc);
                let at = 2 * rng.below(list.len() as u64 / 2 + 1) as usize;
                list.insert(at, Object::Reference(spec));
                list.insert(
                    at,
                    Object::String(name.as_bytes().to_vec(), StringFormat::Literal),
                );
            }
            // As a file attachment annotation (a paperclip) on a page.
            1 => {
                let kids = pages(&doc);
                let page = kids[rng.below(kids.len() as u64) as usize];
                let annot = doc.add_object(dictionary! {
                    "Type" => "Annot",
                    "Subtype" => "FileAttachment",
                    "Rect" => vec![10.into(), 10.into(), 30.into(), 30.into()],
                    "FS" => spec,
                });
                doc.get_object_mut(page)
                    .unwrap()
                    .as_dict_mut()
                    .unwrap()
                    .set("Annots", vec![Object::Reference(annot)]);
            }
            // As an associated file of the document.
            _ => {
                let af = doc.catalog_mut().unwrap().get_mut(b"AF").ok().cloned();
                let mut list = match af {
                    Some(Object::Array(a)) => a,
                    Some(Object::Reference(id)) => {
                        doc.get_object(id).unwrap().as_array().unwrap().clone()
                    }
                    _ => vec![],
                };
                list.push(Object::Reference(spec));
                doc.catalog_mut().unwrap().set("AF", list);
            }
        }
        tally.check(
            &mut cache,
            &save(&mut doc),
            &format!("{}: {name} ({how})", base.name),
        );
    }
    tally.report("extra attachment", started);
    tally.assert_all_refused("extra attachment");
}

#[test]
fn scripts_actions_annotations_and_forms_are_refused_1000_times() {
    let started = Instant::now();
    let mut rng = Rng::new(1310);
    let mut cache = RenderCache::default();
    let mut tally = Tally::default();
    for i in 0..N {
        let base = &bases()[rng.below(bases().len() as u64) as usize];
        let mut doc = base.doc.clone();
        let kids = pages(&doc);
        let page = kids[rng.below(kids.len() as u64) as usize];
        let x = rng.below(500) as i64;
        let y = rng.below(800) as i64;
        let rect = vec![x.into(), y.into(), (x + 80).into(), (y + 20).into()];
        let js = Object::String(
            format!("app.alert('{}');", rng.next_u64()).into_bytes(),
            StringFormat::Literal,
        );
        let action = dictionary! { "S" => "JavaScript", "JS" => js };
        let what = match i % 6 {
            0 => {
                doc.catalog_mut().unwrap().set("OpenAction", action);
                "OpenAction"
            }
            1 => {
                let tree = dictionary! {
                    "Names" => vec![Object::string_literal("x"), Object::Dictionary(dictionary! {
                        "S" => "JavaScript",
                        "JS" => action.get(b"JS").unwrap().clone(),
                    })],
                };
                let names_id = doc.catalog().unwrap().get(b"Names").unwrap().as_reference();
                match names_id {
                    Ok(id) => doc
                        .get_object_mut(id)
                        .unwrap()
                        .as_dict_mut()
                        .unwrap()
                        .set("JavaScript", tree),
                    Err(_) => doc
                        .catalog_mut()
                        .unwrap()
                        .get_mut(b"Names")
                        .unwrap()
                        .as_dict_mut()
                        .unwrap()
                        .set("JavaScript", tree),
                }
                "JavaScript name tree"
            }
            2 => {
                doc.get_object_mut(page)
                    .unwrap()
                    .as_dict_mut()
                    .unwrap()
                    .set("AA", dictionary! { "O" => action });
                "page AA"
            }
            3 => {
                let annot = doc.add_object(dictionary! {
                    "Type" => "Annot", "Subtype" => "FreeText", "Rect" => rect,
                    "Contents" => Object::string_literal(format!("{}", rng.below(100))),
                    "DA" => Object::string_literal("/Helv 12 Tf 0 g"),
                });
                doc.get_object_mut(page)
                    .unwrap()
                    .as_dict_mut()
                    .unwrap()
                    .set("Annots", vec![Object::Reference(annot)]);
                "FreeText annotation"
            }
            4 => {
                let annot = doc.add_object(dictionary! {
                    "Type" => "Annot", "Subtype" => "Link", "Rect" => rect,
                    "A" => dictionary! { "S" => "URI", "URI" => Object::string_literal("https://example.org") },
                });
                doc.get_object_mut(page)
                    .unwrap()
                    .as_dict_mut()
                    .unwrap()
                    .set("Annots", vec![Object::Reference(annot)]);
                "Link annotation"
            }
            _ => {
                let field = doc.add_object(dictionary! {
                    "Type" => "Annot", "Subtype" => "Widget", "FT" => "Tx", "Rect" => rect,
                    "T" => Object::string_literal("total"),
                    "V" => Object::string_literal(format!("{}", rng.below(100))),
                    "P" => page,
                });
                doc.get_object_mut(page)
                    .unwrap()
                    .as_dict_mut()
                    .unwrap()
                    .set("Annots", vec![Object::Reference(field)]);
                if rng.below(2) == 0 {
                    doc.catalog_mut().unwrap().set(
                        "AcroForm",
                        dictionary! { "Fields" => vec![Object::Reference(field)] },
                    );
                }
                "form field"
            }
        };
        tally.check(
            &mut cache,
            &save(&mut doc),
            &format!("{}: {what}", base.name),
        );
    }
    tally.report("scripts, actions, annotations, forms", started);
    tally.assert_all_refused("active content");
}

// ---------- random bytes ----------

fn poppler(cmd: &str, args: &[&str]) -> Vec<u8> {
    let out = Command::new(cmd).args(args).output().unwrap_or_else(|e| {
        panic!("{cmd} (poppler-utils, installed by `cargo xtask setup`) is needed: {e}")
    });
    out.stdout
}

/// What a reader gets from a PDF with poppler: each page as pixels, the document
/// information, the attachments list. `None` when poppler cannot read it.
fn what_a_reader_sees(pdf: &[u8], dir: &std::path::Path) -> Option<Vec<Vec<u8>>> {
    let path = dir.join("flip.pdf");
    std::fs::write(&path, pdf).unwrap();
    let p = path.to_str().unwrap();
    let info = poppler("pdfinfo", &[p]);
    if info.is_empty() {
        return None;
    }
    let pixels = poppler("pdftoppm", &["-r", "40", "-gray", p]);
    let list = poppler("pdfdetach", &["-list", p]);
    Some(vec![info, pixels, list])
}

#[test]
fn random_byte_flips_are_refused_unless_nothing_a_reader_sees_changed() {
    let started = Instant::now();
    let dir = tempfile_dir("flips");
    let mut rng = Rng::new(1311);
    let mut cache = RenderCache::default();
    let mut tally = Tally::default();
    let mut unparseable = 0;
    let mut seen: HashMap<usize, Option<Vec<Vec<u8>>>> = HashMap::new();
    let mut accepted_identical = 0;
    for _ in 0..N {
        let b = rng.below(bases().len() as u64) as usize;
        let base = &bases()[b];
        let mut pdf = base.pdf.clone();
        let n = 1 + rng.below(4);
        let mut at = Vec::new();
        for _ in 0..n {
            let i = rng.below(pdf.len() as u64) as usize;
            pdf[i] ^= 1 << rng.below(8);
            at.push(i);
        }
        if Document::load_mem(&pdf).is_err() {
            unparseable += 1;
        }
        let before = tally.accepted.len();
        tally.check(&mut cache, &pdf, &format!("{}: bits at {at:?}", base.name));
        if tally.accepted.len() > before {
            // Accepted: only if a reader sees exactly what the genuine file shows.
            let genuine = seen
                .entry(b)
                .or_insert_with(|| what_a_reader_sees(&base.pdf, &dir))
                .clone();
            let flipped = what_a_reader_sees(&pdf, &dir);
            assert!(
                genuine.is_some() && flipped == genuine,
                "{}: a byte flip at {at:?} was accepted but poppler shows something else",
                base.name
            );
            accepted_identical += 1;
        }
    }
    println!(
        "random byte flips: {N} files, {} refused ({unparseable} of them unparseable), {accepted_identical} accepted with nothing a reader sees changed (poppler: same pixels, information and attachments), {:.1} s; refusals: {:?}",
        tally.refused(),
        started.elapsed().as_secs_f64(),
        tally.refused
    );
    assert_eq!(tally.refused() + accepted_identical, N);
    assert!(tally.refused() > N * 9 / 10, "{}", tally.refused());
}

fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../test-output/tampering")
        .join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

// ---------- legitimate re-saves ----------

fn qpdf(args: &[&str], input: &[u8], dir: &std::path::Path) -> Vec<u8> {
    let src = dir.join("in.pdf");
    let dst = dir.join("out.pdf");
    std::fs::write(&src, input).unwrap();
    let out = Command::new("qpdf")
        .args(args)
        .arg(&src)
        .arg(&dst)
        .output()
        .unwrap_or_else(|e| {
            panic!("qpdf is needed (installed by `cargo xtask setup`, Debian package qpdf): {e}")
        });
    // Exit 3: warnings only (the output is written).
    assert!(
        matches!(out.status.code(), Some(0 | 3)),
        "qpdf {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read(&dst).unwrap()
}

#[test]
fn re_saves_that_keep_the_content_still_verify() {
    let started = Instant::now();
    let dir = tempfile_dir("resaves");
    let mut passed = 0;
    for base in bases().iter().chain([long_sheet()]) {
        let linearized = qpdf(&["--linearize"], &base.pdf, &dir);
        let object_streams = qpdf(&["--object-streams=generate"], &base.pdf, &dir);
        let qdf = qpdf(&["--qdf", "--object-streams=disable"], &base.pdf, &dir);
        let qdf_back = qpdf(&[], &qdf, &dir);
        let mut lopdf_doc = Document::load_mem(&base.pdf).unwrap();
        let lopdf_saved = save(&mut lopdf_doc);
        let mut compressed = Document::load_mem(&base.pdf).unwrap();
        compressed.decompress();
        let decompressed = save(&mut compressed);
        for (how, pdf) in [
            ("qpdf --linearize", &linearized),
            ("qpdf --object-streams=generate", &object_streams),
            ("qpdf --qdf", &qdf),
            ("qpdf --qdf, then qpdf back", &qdf_back),
            ("lopdf load + save", &lopdf_saved),
            ("lopdf decompress + save", &decompressed),
        ] {
            assert_ne!(pdf, &base.pdf, "{how} changed nothing");
            match verify_pdf(pdf) {
                Ok(v) => assert_eq!(v.lang, base.lang),
                Err(e) => panic!("{}: {how} is refused: {e}", base.name),
            }
            passed += 1;
        }
    }
    println!(
        "legitimate re-saves: {passed} verified ({} sheets × qpdf --linearize, --object-streams=generate, --qdf, --qdf and back, lopdf save, lopdf decompress), {:.1} s",
        bases().len() + 1,
        started.elapsed().as_secs_f64()
    );
    assert_eq!(passed, (bases().len() + 1) * 6);
}

#[test]
fn every_base_sheet_verifies_as_rendered() {
    let mut cache = RenderCache::default();
    for base in bases() {
        verify_pdf_cached(&base.pdf, &mut cache).unwrap_or_else(|e| panic!("{}: {e}", base.name));
    }
    // The refusal reasons name what a person would see.
    let base = &bases()[0];
    let mut doc = base.doc.clone();
    let mut kids = pages(&doc);
    let expected = kids.len();
    kids.push(kids[0]);
    set_pages(&mut doc, &kids);
    assert_eq!(
        verify_pdf(&save(&mut doc)).unwrap_err(),
        SheetError::PageCountDiffers {
            found: expected + 1,
            expected
        }
    );
}
