//! Decodes the pest parse tree of a PTX file into a `Module`.
//!
//! Invariants:
//! - One pass over the tree; names are resolved as they are met, except labels
//!   (resolved when their function ends) and callees (resolved when the module
//!   ends), so forward references of both work.
//! - Every rejection is a `PtxError` at the PTX position of the offending token:
//!   unknown opcodes, modifiers, declaration words, registers, symbols, labels,
//!   and operands whose register class the instruction's type does not take
//!   (`operands`, at the operand).
//! - Registers and `.param`/`.local`/`.shared` variables declared in a `{ }`
//!   block are visible only inside it (call sequences reuse `param0` names).

use crate::PtxError;
use crate::operands;
use crate::program::*;
use pest::Parser;
use pest::iterators::Pair;
use pest_derive::Parser;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

#[derive(Parser)]
#[grammar = "ptx.pest"]
struct PtxParser;

type Node<'i> = Pair<'i, Rule>;

/// Deepest `{` nesting accepted; pest and the decoder recurse per level, so
/// hostile input must end in a diagnostic rather than a stack overflow.
const MAX_NESTING: usize = 64;
/// Bounds that keep hostile declarations from exhausting memory (far above
/// anything ptxas accepts).
const MAX_INIT_BYTES: u64 = 1 << 28;
const MAX_REG_RANGE: u64 = 1 << 16;
const MAX_REGS: u64 = 1 << 20;

pub(crate) fn read(file: &str, text: &str) -> Result<Module, PtxError> {
    if let Some(pos) = too_deep(text) {
        return Err(PtxError::at(
            file,
            text,
            pos,
            format!("braces nested deeper than {MAX_NESTING} levels"),
        ));
    }
    let mut root = PtxParser::parse(Rule::file, text).map_err(|e| {
        let e = e.renamed_rules(rule_name);
        let pos = match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((s, _)) => s,
        };
        // pest stops before the blanks it would have skipped; point at the token.
        let pos = pos
            + text.get(pos..).map_or(0, |rest| {
                rest.len() - rest.trim_start_matches([' ', '\t']).len()
            });
        PtxError::at(
            file,
            text,
            pos,
            format!("unsupported or malformed PTX: {}", e.variant.message()),
        )
    })?;
    let mut reader = Reader {
        file,
        text,
        module: Module {
            version: String::new(),
            target: String::new(),
            address_size: 64,
            kernels: Vec::new(),
            funcs: Vec::new(),
            globals: Vec::new(),
            files: Vec::new(),
        },
        globals_by_name: FxHashMap::default(),
        funcs_by_name: FxHashMap::default(),
        func_declared: Vec::new(),
        calls: Vec::new(),
        kernel_names: Default::default(),
        line_starts: std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect(),
    };
    let file_node = root.next().expect("pest yields the file rule");
    for item in file_node.into_inner() {
        reader.top_item(item)?;
    }
    reader.finish()
}

struct Reader<'t> {
    file: &'t str,
    text: &'t str,
    module: Module,
    globals_by_name: FxHashMap<String, u32>,
    funcs_by_name: FxHashMap<String, u32>,
    /// Per entry of `module.funcs`: whether a declaration or definition was seen.
    func_declared: Vec<bool>,
    /// Call sites (byte position, callee index) to check once the module ends.
    calls: Vec<(usize, u32)>,
    /// Byte offset of the start of each line.
    line_starts: Vec<usize>,
    kernel_names: rustc_hash::FxHashSet<String>,
}

/// What the `.xxx` words in front of a declaration say.
#[derive(Default)]
struct DeclWords {
    space: Option<Space>,
    is_reg: bool,
    is_extern: bool,
    ty: Option<ScalarType>,
    align: Option<u32>,
    is_ptr: bool,
    ptr_space: Option<Space>,
    kind: Option<bool>, // Some(true) entry, Some(false) func
}

#[derive(Clone, Copy)]
enum Name {
    Reg(u32),
    Local(u32),
    Param(u32),
    Ret(u32),
}

/// A function being decoded.
struct FnBuilder {
    func: Function,
    scopes: Vec<FxHashMap<String, Name>>,
    labels: FxHashMap<String, u32>,
    /// (instruction, source slot, label name, byte position).
    pending_labels: Vec<(usize, usize, String, usize)>,
    current_loc: Option<(u32, u32, u32)>,
    /// `.branchtargets` tables: name -> (label name, byte position) per entry.
    branch_tables: FxHashMap<String, Vec<(String, usize)>>,
}

impl FnBuilder {
    fn lookup(&self, name: &str) -> Option<Name> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }
}

fn type_word(w: &str) -> Option<ScalarType> {
    use ScalarType::*;
    Some(match w {
        "pred" => Pred,
        "b8" => B8,
        "b16" => B16,
        "b32" => B32,
        "b64" => B64,
        "b128" => B128,
        "u8" => U8,
        "u16" => U16,
        "u32" => U32,
        "u64" => U64,
        "s8" => S8,
        "s16" => S16,
        "s32" => S32,
        "s64" => S64,
        "f16" => F16,
        "f16x2" => F16x2,
        "bf16" => BF16,
        "f32" => F32,
        "f64" => F64,
        _ => return None,
    })
}

fn space_word(w: &str) -> Option<Space> {
    Some(match w {
        "global" => Space::Global,
        "shared" => Space::Shared,
        "local" => Space::Local,
        "const" => Space::Const,
        "param" => Space::Param,
        _ => return None,
    })
}

fn opcode_word(w: &str) -> Option<Opcode> {
    use Opcode::*;
    Some(match w {
        "mov" => Mov,
        "ld" => Ld,
        "ldu" => Ldu,
        "st" => St,
        "cvt" => Cvt,
        "cvta" => Cvta,
        "add" => Add,
        "sub" => Sub,
        "mul" => Mul,
        "mad" => Mad,
        "mul24" => Mul24,
        "mad24" => Mad24,
        "fma" => Fma,
        "div" => Div,
        "rem" => Rem,
        "abs" => Abs,
        "neg" => Neg,
        "min" => Min,
        "max" => Max,
        "sad" => Sad,
        "and" => And,
        "or" => Or,
        "xor" => Xor,
        "not" => Not,
        "cnot" => Cnot,
        "shl" => Shl,
        "shr" => Shr,
        "shf" => Shf,
        "lop3" => Lop3,
        "popc" => Popc,
        "clz" => Clz,
        "brev" => Brev,
        "bfe" => Bfe,
        "bfi" => Bfi,
        "bfind" => Bfind,
        "prmt" => Prmt,
        "dp4a" => Dp4a,
        "dp2a" => Dp2a,
        "copysign" => Copysign,
        "rcp" => Rcp,
        "sqrt" => Sqrt,
        "rsqrt" => Rsqrt,
        "sin" => Sin,
        "cos" => Cos,
        "lg2" => Lg2,
        "ex2" => Ex2,
        "tanh" => Tanh,
        "setp" => Setp,
        "set" => Set,
        "selp" => Selp,
        "slct" => Slct,
        "bra" => Bra,
        "brx" => Brx,
        "call" => Call,
        "ret" => Ret,
        "exit" => Exit,
        "trap" => Trap,
        "bar" => Bar,
        "barrier" => Barrier,
        "membar" => Membar,
        "fence" => Fence,
        "atom" => Atom,
        "red" => Red,
        "vote" => Vote,
        "shfl" => Shfl,
        "activemask" => Activemask,
        "redux" => Redux,
        "prefetch" => Prefetch,
        "nanosleep" => Nanosleep,
        _ => return None,
    })
}

fn special_reg(name: &str) -> Option<SpecialReg> {
    use SpecialReg::*;
    let dim = |d: &str| match d {
        "x" => Some(0u8),
        "y" => Some(1),
        "z" => Some(2),
        _ => None,
    };
    if let Some((base, d)) = name.split_once('.') {
        let d = dim(d)?;
        return Some(match base {
            "%tid" => Tid(d),
            "%ntid" => Ntid(d),
            "%ctaid" => Ctaid(d),
            "%nctaid" => Nctaid(d),
            _ => return None,
        });
    }
    NAMED_SPECIAL_REGS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, r)| r)
}

/// Whether the first operand of `op` is a result.
fn has_result(op: Opcode, mods: &Modifiers) -> bool {
    use Opcode::*;
    match op {
        St | Red | Bra | Brx | Call | Ret | Exit | Trap | Barrier | Membar | Fence | Prefetch
        | Nanosleep | Pmevent => false,
        Bar => mods.flags.has(Flags::RED),
        _ => true,
    }
}

/// The type an immediate in source slot `slot` is converted to.
fn operand_type(inst: &Inst, slot: usize) -> ScalarType {
    use Opcode::*;
    match (inst.op, slot) {
        (Cvt, _) => inst.ty2.unwrap_or(inst.ty),
        (Set, _) => inst.ty2.unwrap_or(inst.ty),
        (Selp, 2) => ScalarType::Pred,
        (Slct, 2) => inst.ty2.unwrap_or(ScalarType::S32),
        (Shl | Shr, 1) | (Shf, 2) | (Bfe, 1 | 2) | (Bfi, 2 | 3) | (Prmt, 2) => ScalarType::U32,
        (Shfl, 1..) | (Vote, 1..) | (Bar | Barrier, _) => ScalarType::U32,
        _ => inst.ty,
    }
}

/// `0f`/`0d` hex-float literal bits and their width in bytes.
fn hex_float(text: &str) -> Option<(u64, u32)> {
    let (kind, digits) = (text.as_bytes().get(1)?, text.get(2..)?);
    let bits = u64::from_str_radix(digits, 16).ok()?;
    match kind {
        b'f' | b'F' if digits.len() == 8 => Some((bits, 4)),
        b'd' | b'D' if digits.len() == 16 => Some((bits, 8)),
        _ => None,
    }
}

/// An integer literal as 64-bit two's complement.
fn parse_int(text: &str) -> Option<u64> {
    let t = text.trim_end_matches(['U', 'u']);
    let (neg, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t),
    };
    let magnitude = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()?
    } else if let Some(b) = t.strip_prefix("0b").or_else(|| t.strip_prefix("0B")) {
        u64::from_str_radix(b, 2).ok()?
    } else if t.len() > 1 && t.starts_with('0') {
        u64::from_str_radix(&t[1..], 8).ok()?
    } else {
        t.parse::<u64>().ok()?
    };
    Some(if neg {
        magnitude.wrapping_neg()
    } else {
        magnitude
    })
}

/// A float value as the bits of `ty` (a float type), or `None` if `ty` has no
/// float encoding here.
fn float_bits(value: f64, ty: ScalarType) -> Option<u64> {
    match ty {
        ScalarType::F32 => Some((value as f32).to_bits() as u64),
        ScalarType::F64 => Some(value.to_bits()),
        _ => None,
    }
}

impl<'t> Reader<'t> {
    fn error(&self, pos: usize, message: impl Into<String>) -> PtxError {
        PtxError::at(self.file, self.text, pos, message)
    }

    /// 1-based line of a node; a binary search, because pest's `line_col`
    /// rescans the input from the start (quadratic over a file).
    fn line_of(&self, node: &Node) -> u32 {
        self.line_starts
            .partition_point(|&start| start <= node.as_span().start()) as u32
    }

    fn top_item(&mut self, item: Node<'t>) -> Result<(), PtxError> {
        match item.as_rule() {
            Rule::version => {
                self.module.version = item.into_inner().as_str().to_string();
            }
            Rule::target => {
                let words: Vec<&str> = item.into_inner().map(|n| n.as_str()).collect();
                self.module.target = words.join(", ");
            }
            Rule::address_size => {
                let n = item.into_inner().next().expect("grammar: int");
                let size = self.int_value(&n)?;
                if size != 64 && size != 32 {
                    return Err(self.error(n.as_span().start(), "address size must be 32 or 64"));
                }
                self.module.address_size = size as u32;
            }
            Rule::file_dir => {
                let mut it = item.into_inner();
                let n = it.next().expect("grammar: int");
                let index = self.int_value(&n)? as u32;
                let name = it.next().expect("grammar: string").as_str();
                self.module.files.push((index, unquote(name)));
            }
            Rule::loc_dir | Rule::pragma | Rule::EOI => {}
            Rule::var_decl => {
                for var in self.var_decl(item, true)? {
                    let (pos, global) = var;
                    if self.globals_by_name.contains_key(&global.name) {
                        return Err(self.error(pos, format!("redefinition of '{}'", global.name)));
                    }
                    self.globals_by_name
                        .insert(global.name.clone(), self.module.globals.len() as u32);
                    self.module.globals.push(global);
                }
            }
            Rule::function => self.function(item)?,
            other => {
                return Err(self.error(
                    item.as_span().start(),
                    format!("unexpected {other:?} at module scope"),
                ));
            }
        }
        Ok(())
    }

    fn finish(mut self) -> Result<Module, PtxError> {
        for &(pos, callee) in &self.calls {
            if !self.func_declared[callee as usize] {
                let name = &self.module.funcs[callee as usize].name;
                return Err(self.error(pos, format!("call to undeclared function '{name}'")));
            }
        }
        if self.module.version.is_empty() {
            return Err(self.error(0, "missing .version directive"));
        }
        self.calls.clear();
        Ok(self.module)
    }

    fn int_value(&self, node: &Node) -> Result<u64, PtxError> {
        parse_int(node.as_str()).ok_or_else(|| {
            self.error(
                node.as_span().start(),
                format!("integer literal '{}' out of range", node.as_str()),
            )
        })
    }

    fn decl_words<'a>(&self, words: impl Iterator<Item = Node<'a>>) -> Result<DeclWords, PtxError> {
        let mut d = DeclWords::default();
        for w in words {
            let pos = w.as_span().start();
            let inner = w.into_inner().next().expect("grammar: align or dotword");
            if inner.as_rule() == Rule::align {
                let n = inner.into_inner().next().expect("grammar: int");
                let a = self.int_value(&n)?;
                if !a.is_power_of_two() || a > 1 << 16 {
                    return Err(self.error(pos, format!("bad alignment {a}")));
                }
                d.align = Some(a as u32);
                continue;
            }
            let word = &inner.as_str()[1..];
            if let Some(ty) = type_word(word) {
                if d.ty.is_some() {
                    return Err(self.error(pos, format!("second type '.{word}' in declaration")));
                }
                d.ty = Some(ty);
            } else if let Some(space) = space_word(word) {
                if d.is_ptr {
                    d.ptr_space = Some(space);
                } else if d.space.is_some() || d.is_reg {
                    return Err(self.error(pos, format!("second state space '.{word}'")));
                } else {
                    d.space = Some(space);
                }
            } else {
                match word {
                    "reg" => d.is_reg = true,
                    "extern" => d.is_extern = true,
                    "visible" | "weak" | "common" => {}
                    "ptr" => d.is_ptr = true,
                    "entry" => d.kind = Some(true),
                    "func" => d.kind = Some(false),
                    _ => {
                        return Err(
                            self.error(pos, format!("unsupported declaration word '.{word}'"))
                        );
                    }
                }
            }
        }
        Ok(d)
    }

    /// Module- or function-scope variables (not registers) of one `var_decl`.
    fn var_decl(
        &self,
        node: Node<'t>,
        module_scope: bool,
    ) -> Result<Vec<(usize, Global)>, PtxError> {
        let pos = node.as_span().start();
        let (words, declarators): (Vec<_>, Vec<_>) = node
            .into_inner()
            .partition(|n| n.as_rule() == Rule::decl_word);
        let d = self.decl_words(words.into_iter())?;
        if d.is_reg {
            return Err(self.error(pos, "registers can only be declared inside a function"));
        }
        let space = d
            .space
            .ok_or_else(|| self.error(pos, "declaration without a state space"))?;
        if module_scope && matches!(space, Space::Local | Space::Param) {
            return Err(self.error(
                pos,
                format!("module-scope {space:?} variables are unsupported"),
            ));
        }
        if !module_scope && matches!(space, Space::Global | Space::Const) {
            return Err(self.error(
                pos,
                format!("function-scope {space:?} variables are unsupported"),
            ));
        }
        let ty =
            d.ty.ok_or_else(|| self.error(pos, "declaration without a type"))?;
        let mut out = Vec::new();
        for decl in declarators {
            out.push(self.variable(decl, space, ty, d.align, d.is_extern)?);
        }
        Ok(out)
    }

    fn variable(
        &self,
        decl: Node<'t>,
        space: Space,
        ty: ScalarType,
        align: Option<u32>,
        is_extern: bool,
    ) -> Result<(usize, Global), PtxError> {
        let pos = decl.as_span().start();
        let mut it = decl.into_inner();
        let name_node = it.next().expect("grammar: name");
        if name_node.as_rule() == Rule::reg_name {
            return Err(self.error(pos, "a variable name cannot start with '%'"));
        }
        let name = name_node.as_str().to_string();
        let mut count: Option<u64> = Some(1);
        let mut init_node = None;
        for part in it {
            match part.as_rule() {
                Rule::reg_range => {
                    return Err(self.error(
                        part.as_span().start(),
                        "a '<n>' range is only for registers",
                    ));
                }
                Rule::array_dim => {
                    let dim = match part.clone().into_inner().next() {
                        Some(n) => Some(self.int_value(&n)?),
                        None => None,
                    };
                    count = match (count, dim) {
                        (Some(c), Some(n)) => Some(c.checked_mul(n).ok_or_else(|| {
                            self.error(part.as_span().start(), "array too large")
                        })?),
                        _ => None,
                    };
                }
                Rule::initializer => init_node = Some(part),
                _ => {}
            }
        }
        let elem = ty.size() as u64;
        let mut init = Vec::new();
        if let Some(init_node) = init_node {
            let mut values = Vec::new();
            self.flatten_init(init_node, ty, &mut values)?;
            let n = values.len() as u64;
            let count_val = *count.get_or_insert(n);
            if n > count_val {
                return Err(self.error(pos, format!("{n} initializers for {count_val} elements")));
            }
            for v in values {
                init.extend_from_slice(&v.to_le_bytes()[..elem as usize]);
            }
            let bytes = count_val
                .checked_mul(elem)
                .filter(|&b| b <= MAX_INIT_BYTES)
                .ok_or_else(|| {
                    self.error(
                        pos,
                        format!("initialized variables are limited to {MAX_INIT_BYTES} bytes"),
                    )
                })?;
            init.resize(bytes as usize, 0);
        }
        let size = match count {
            Some(c) => Some(
                c.checked_mul(elem)
                    .ok_or_else(|| self.error(pos, "array too large"))?,
            ),
            None if is_extern => None,
            None => return Err(self.error(pos, format!("'{name}' needs a size"))),
        };
        Ok((
            pos,
            Global {
                name,
                space,
                ty,
                align: align.unwrap_or(ty.size()),
                size,
                is_extern,
                init,
                pos,
            },
        ))
    }

    fn flatten_init(&self, node: Node, ty: ScalarType, out: &mut Vec<u64>) -> Result<(), PtxError> {
        for elem in node.into_inner() {
            match elem.as_rule() {
                Rule::initializer => self.flatten_init(elem, ty, out)?,
                // Initializers of float variables may be written as integers.
                Rule::int if ty.is_float() => {
                    let value = self.int_value(&elem)? as i64 as f64;
                    out.push(float_bits(value, ty).ok_or_else(|| {
                        self.error(
                            elem.as_span().start(),
                            format!("{ty:?} initializers are unsupported"),
                        )
                    })?)
                }
                _ => out.push(self.immediate(&elem, ty)?),
            }
        }
        Ok(())
    }

    /// A number literal converted for an operand of type `ty` (see `program`).
    fn immediate(&self, node: &Node, ty: ScalarType) -> Result<u64, PtxError> {
        let pos = node.as_span().start();
        let text = node.as_str();
        match node.as_rule() {
            // ptxas rejects integer literals in floating-point operands.
            Rule::int if ty.is_float() => Err(self.error(
                pos,
                format!("integer literal '{text}' in a {ty:?} operand (write a float literal)"),
            )),
            Rule::int => self.int_value(node),
            Rule::hex_float => {
                let (bits, width) = hex_float(text)
                    .ok_or_else(|| self.error(pos, format!("malformed float literal '{text}'")))?;
                let value = if width == 4 {
                    f32::from_bits(bits as u32) as f64
                } else {
                    f64::from_bits(bits)
                };
                if ty.is_float() {
                    if ty.size() == width {
                        return Ok(bits);
                    }
                    float_bits(value, ty).ok_or_else(|| {
                        self.error(
                            pos,
                            format!("float literal for a {ty:?} operand is unsupported"),
                        )
                    })
                } else {
                    Ok(bits)
                }
            }
            Rule::float => {
                let value: f64 = text
                    .parse()
                    .map_err(|_| self.error(pos, format!("malformed float literal '{text}'")))?;
                // ptxas reads a decimal float in a .b64 operand as a double
                // and rejects it in narrower untyped operands.
                let as_ty = if ty.is_float() || ty.size() != 8 {
                    ty
                } else {
                    ScalarType::F64
                };
                float_bits(value, as_ty).ok_or_else(|| {
                    self.error(
                        pos,
                        format!("float literal for a {ty:?} operand is unsupported"),
                    )
                })
            }
            _ => Err(self.error(pos, "expected a number")),
        }
    }

    fn params(&self, node: Node) -> Result<Vec<Param>, PtxError> {
        let mut out = Vec::new();
        for p in node.into_inner() {
            let pos = p.as_span().start();
            let mut words = Vec::new();
            let mut name = None;
            let mut dim = None;
            for part in p.into_inner() {
                match part.as_rule() {
                    Rule::decl_word => words.push(part),
                    Rule::ident => name = Some(part.as_str().to_string()),
                    Rule::array_dim => dim = Some(part),
                    _ => {}
                }
            }
            let d = self.decl_words(words.into_iter())?;
            if d.is_reg || d.space != Some(Space::Param) {
                return Err(self.error(pos, "only .param parameters are supported"));
            }
            let ty =
                d.ty.ok_or_else(|| self.error(pos, "parameter without a type"))?;
            let count = match dim {
                Some(dim) => match dim.clone().into_inner().next() {
                    Some(n) => self.int_value(&n)?,
                    None => {
                        return Err(
                            self.error(dim.as_span().start(), "parameter array needs a size")
                        );
                    }
                },
                None => 1,
            };
            let size = count
                .checked_mul(ty.size() as u64)
                .and_then(|b| u32::try_from(b).ok())
                .ok_or_else(|| self.error(pos, "parameter too large"))?;
            out.push(Param {
                name: name.expect("grammar: param name"),
                ty,
                size,
                align: d.align.unwrap_or(ty.size()),
                ptr_space: d.ptr_space,
            });
        }
        Ok(out)
    }

    fn func_slot(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.funcs_by_name.get(name) {
            return i;
        }
        let i = self.module.funcs.len() as u32;
        self.module
            .funcs
            .push(empty_function(name.to_string(), false, 0));
        self.func_declared.push(false);
        self.funcs_by_name.insert(name.to_string(), i);
        i
    }

    fn function(&mut self, node: Node<'t>) -> Result<(), PtxError> {
        let pos = node.as_span().start();
        let line = self.line_of(&node);
        let mut words = Vec::new();
        let mut is_kernel = false;
        let mut name = String::new();
        let mut name_pos = pos;
        let mut rets = Vec::new();
        let mut params = Vec::new();
        let mut maxntid = None;
        let mut reqntid = None;
        let mut body = None;
        for part in node.into_inner() {
            match part.as_rule() {
                Rule::decl_word => words.push(part),
                Rule::fn_kind => is_kernel = part.as_str() == ".entry",
                Rule::ret_list => rets = self.params(part)?,
                Rule::ident => {
                    name_pos = part.as_span().start();
                    name = part.as_str().to_string();
                }
                Rule::param_list => params = self.params(part)?,
                Rule::perf_dir => {
                    let mut it = part.into_inner();
                    let which = it.next().expect("grammar: perf_name").as_str();
                    let mut dims = [1u32; 3];
                    for (i, n) in it.enumerate() {
                        if i >= 3 {
                            return Err(self.error(n.as_span().start(), "too many dimensions"));
                        }
                        dims[i] = u32::try_from(self.int_value(&n)?)
                            .map_err(|_| self.error(n.as_span().start(), "dimension too large"))?;
                    }
                    match which {
                        ".maxntid" => maxntid = Some(dims),
                        ".reqntid" => reqntid = Some(dims),
                        _ => {}
                    }
                }
                Rule::body => body = Some(part),
                _ => {}
            }
        }
        let d = self.decl_words(words.into_iter())?;
        if d.space.is_some() || d.ty.is_some() || d.is_reg {
            return Err(self.error(pos, "unexpected words before .entry/.func"));
        }
        if is_kernel && !rets.is_empty() {
            return Err(self.error(name_pos, "a kernel cannot return values"));
        }
        let mut func = empty_function(name.clone(), is_kernel, line);
        func.params = params;
        func.rets = rets;
        func.maxntid = maxntid;
        func.reqntid = reqntid;
        if let Some(body) = body {
            func = self.body(func, body)?;
        }
        if is_kernel {
            if !self.kernel_names.insert(name.clone()) {
                return Err(self.error(name_pos, format!("redefinition of kernel '{name}'")));
            }
            self.module.kernels.push(func);
            return Ok(());
        }
        let slot = self.func_slot(&name) as usize;
        let old = &self.module.funcs[slot];
        if old.has_body && func.has_body {
            return Err(self.error(name_pos, format!("redefinition of function '{name}'")));
        }
        if self.func_declared[slot]
            && (old.params.len() != func.params.len() || old.rets.len() != func.rets.len())
        {
            return Err(self.error(
                name_pos,
                format!("'{name}' does not match its earlier declaration"),
            ));
        }
        if func.has_body || !self.func_declared[slot] {
            self.module.funcs[slot] = func;
        }
        self.func_declared[slot] = true;
        Ok(())
    }

    fn body(&mut self, func: Function, body: Node<'t>) -> Result<Function, PtxError> {
        let mut base = FxHashMap::default();
        for (i, p) in func.params.iter().enumerate() {
            base.insert(p.name.clone(), Name::Param(i as u32));
        }
        for (i, p) in func.rets.iter().enumerate() {
            base.insert(p.name.clone(), Name::Ret(i as u32));
        }
        let mut b = FnBuilder {
            func,
            scopes: vec![base, FxHashMap::default()],
            labels: FxHashMap::default(),
            pending_labels: Vec::new(),
            current_loc: None,
            branch_tables: FxHashMap::default(),
        };
        b.func.has_body = true;
        self.stmts(&mut b, body)?;
        for (inst, slot, name, pos) in std::mem::take(&mut b.pending_labels) {
            let target = *b
                .labels
                .get(&name)
                .ok_or_else(|| self.error(pos, format!("undefined label '{name}'")))?;
            b.func.insts[inst].src[slot] = Operand::Label(target);
        }
        b.func.num_regs = b.func.reg_names.len() as u32;
        Ok(b.func)
    }

    fn stmts(&mut self, b: &mut FnBuilder, node: Node<'t>) -> Result<(), PtxError> {
        for stmt in node.into_inner() {
            match stmt.as_rule() {
                Rule::block => {
                    b.scopes.push(FxHashMap::default());
                    self.stmts(b, stmt)?;
                    b.scopes.pop();
                }
                Rule::loc_dir => {
                    let rest = stmt.into_inner().next().expect("grammar: loc_rest");
                    let nums: Vec<u32> = rest
                        .as_str()
                        .split(|c: char| c.is_whitespace() || c == ',')
                        .filter(|w| !w.is_empty())
                        .take(3)
                        .map_while(|w| w.parse().ok())
                        .collect();
                    if nums.len() != 3 {
                        return Err(
                            self.error(rest.as_span().start(), ".loc needs file, line and column")
                        );
                    }
                    b.current_loc = Some((nums[0], nums[1], nums[2]));
                }
                Rule::file_dir => {
                    let mut it = stmt.into_inner();
                    let n = it.next().expect("grammar: int");
                    let index = self.int_value(&n)? as u32;
                    let name = it.next().expect("grammar: string").as_str();
                    self.module.files.push((index, unquote(name)));
                }
                Rule::pragma => {}
                Rule::var_decl => self.local_decl(b, stmt)?,
                Rule::label => {
                    let ident = stmt.into_inner().next().expect("grammar: ident");
                    let name = ident.as_str().to_string();
                    if b.labels
                        .insert(name.clone(), b.func.insts.len() as u32)
                        .is_some()
                    {
                        return Err(self
                            .error(ident.as_span().start(), format!("duplicate label '{name}'")));
                    }
                }
                Rule::branch_targets => {
                    let mut it = stmt.into_inner();
                    let name = it.next().expect("grammar: table name");
                    let targets = it
                        .map(|t| (t.as_str().to_string(), t.as_span().start()))
                        .collect();
                    if b.branch_tables
                        .insert(name.as_str().to_string(), targets)
                        .is_some()
                    {
                        return Err(self.error(
                            name.as_span().start(),
                            format!("duplicate .branchtargets '{}'", name.as_str()),
                        ));
                    }
                }
                Rule::instruction => self.instruction(b, stmt)?,
                other => {
                    return Err(self.error(
                        stmt.as_span().start(),
                        format!("unexpected {other:?} in a function body"),
                    ));
                }
            }
        }
        Ok(())
    }

    fn local_decl(&mut self, b: &mut FnBuilder, node: Node<'t>) -> Result<(), PtxError> {
        let pos = node.as_span().start();
        let is_reg = node
            .clone()
            .into_inner()
            .any(|n| n.as_rule() == Rule::decl_word && n.as_str() == ".reg");
        if !is_reg {
            for (vpos, var) in self.var_decl(node, false)? {
                let scope = b.scopes.last_mut().expect("a function has scopes");
                if scope.contains_key(&var.name) {
                    return Err(self.error(vpos, format!("redeclaration of '{}'", var.name)));
                }
                scope.insert(var.name.clone(), Name::Local(b.func.locals.len() as u32));
                b.func.locals.push(var);
            }
            return Ok(());
        }
        let (words, declarators): (Vec<_>, Vec<_>) = node
            .into_inner()
            .partition(|n| n.as_rule() == Rule::decl_word);
        let d = self.decl_words(words.into_iter())?;
        if d.space.is_some() {
            return Err(self.error(pos, "a register declaration cannot name a state space"));
        }
        let ty =
            d.ty.ok_or_else(|| self.error(pos, "register declaration without a type"))?;
        for decl in declarators {
            let dpos = decl.as_span().start();
            let mut it = decl.into_inner();
            let name = it.next().expect("grammar: name").as_str().to_string();
            let mut range = None;
            for part in it {
                match part.as_rule() {
                    Rule::reg_range => {
                        let n = part.into_inner().next().expect("grammar: int");
                        let count = self.int_value(&n)?;
                        if count > MAX_REG_RANGE || b.func.reg_names.len() as u64 + count > MAX_REGS
                        {
                            return Err(self.error(n.as_span().start(), "register range too large"));
                        }
                        range = Some(count as u32);
                    }
                    _ => {
                        return Err(self.error(
                            part.as_span().start(),
                            "registers take no array size or initializer",
                        ));
                    }
                }
            }
            let names: Vec<String> = match range {
                Some(n) => (0..n).map(|i| format!("{name}{i}")).collect(),
                None => vec![name],
            };
            for reg in names {
                let scope = b.scopes.last_mut().expect("a function has scopes");
                if scope.contains_key(&reg) {
                    return Err(self.error(dpos, format!("redeclaration of register '{reg}'")));
                }
                scope.insert(reg.clone(), Name::Reg(b.func.reg_names.len() as u32));
                b.func.reg_names.push(reg);
                b.func.reg_types.push(ty);
            }
        }
        Ok(())
    }

    fn decode_opcode(
        &self,
        node: &Node,
    ) -> Result<(Opcode, ScalarType, Option<ScalarType>, Modifiers), PtxError> {
        let text = node.as_str();
        let start = node.as_span().start();
        let mut parts = text.split('.');
        let name = parts.next().unwrap_or("");
        let op = opcode_word(name)
            .ok_or_else(|| self.error(start, format!("unsupported instruction '{name}'")))?;
        let mut mods = Modifiers {
            vec: 1,
            ..Modifiers::default()
        };
        let mut types: SmallVec<[ScalarType; 2]> = SmallVec::new();
        let mut offset = name.len();
        let mut shf_left = None;
        let mut shf_wrap = None;
        for word in parts {
            let pos = start + offset + 1;
            offset += word.len() + 1;
            let bad = || self.error(pos, format!("unsupported modifier '.{word}' of '{name}'"));
            let set_flag = |mods: &mut Modifiers, bit| mods.flags.0 |= bit;
            if let Some(ty) = type_word(word) {
                if types.len() == 2 {
                    return Err(self.error(pos, format!("too many types in '{text}'")));
                }
                types.push(ty);
                continue;
            }
            use Opcode::*;
            let cmp = || {
                Some(match word {
                    "eq" => CmpOp::Eq,
                    "ne" => CmpOp::Ne,
                    "lt" => CmpOp::Lt,
                    "le" => CmpOp::Le,
                    "gt" => CmpOp::Gt,
                    "ge" => CmpOp::Ge,
                    "lo" => CmpOp::Lo,
                    "ls" => CmpOp::Ls,
                    "hi" => CmpOp::Hi,
                    "hs" => CmpOp::Hs,
                    "equ" => CmpOp::Equ,
                    "neu" => CmpOp::Neu,
                    "ltu" => CmpOp::Ltu,
                    "leu" => CmpOp::Leu,
                    "gtu" => CmpOp::Gtu,
                    "geu" => CmpOp::Geu,
                    "num" => CmpOp::Num,
                    "nan" => CmpOp::Nan,
                    _ => return None,
                })
            };
            let atom_op = || {
                Some(match word {
                    "add" => AtomOp::Add,
                    "min" => AtomOp::Min,
                    "max" => AtomOp::Max,
                    "inc" => AtomOp::Inc,
                    "dec" => AtomOp::Dec,
                    "and" => AtomOp::And,
                    "or" => AtomOp::Or,
                    "xor" => AtomOp::Xor,
                    "exch" => AtomOp::Exch,
                    "cas" => AtomOp::Cas,
                    _ => return None,
                })
            };
            let space = space_word(word);
            match op {
                Setp | Set if cmp().is_some() && mods.cmp.is_none() => mods.cmp = cmp(),
                Setp | Set if matches!(word, "and" | "or" | "xor") => {
                    mods.bool_op = Some(match word {
                        "and" => BoolOp::And,
                        "or" => BoolOp::Or,
                        _ => BoolOp::Xor,
                    })
                }
                Dp2a if matches!(word, "hi" | "lo") => {
                    mods.mul = Some(if word == "hi" {
                        MulMode::Hi
                    } else {
                        MulMode::Lo
                    })
                }
                Mul | Mad | Mul24 | Mad24 if matches!(word, "hi" | "lo" | "wide") => {
                    mods.mul = Some(match word {
                        "hi" => MulMode::Hi,
                        "lo" => MulMode::Lo,
                        _ => MulMode::Wide,
                    })
                }
                Atom | Red | Redux if atom_op().is_some() && mods.atom.is_none() => {
                    mods.atom = atom_op()
                }
                Vote if matches!(word, "all" | "any" | "uni" | "ballot") => {
                    mods.vote = Some(match word {
                        "all" => VoteMode::All,
                        "any" => VoteMode::Any,
                        "uni" => VoteMode::Uni,
                        _ => VoteMode::Ballot,
                    })
                }
                Shfl if matches!(word, "up" | "down" | "bfly" | "idx") => {
                    mods.shfl = Some(match word {
                        "up" => ShflMode::Up,
                        "down" => ShflMode::Down,
                        "bfly" => ShflMode::Bfly,
                        _ => ShflMode::Idx,
                    })
                }
                Shf if matches!(word, "l" | "r") => shf_left = Some(word == "l"),
                Shf if matches!(word, "wrap" | "clamp") => shf_wrap = Some(word == "wrap"),
                Bar if word == "red" => set_flag(&mut mods, Flags::RED),
                Bar if word == "arrive" => set_flag(&mut mods, Flags::ARRIVE),
                Bar if word == "warp" => set_flag(&mut mods, Flags::WARP),
                Bar | Barrier if word == "popc" => set_flag(&mut mods, Flags::POPC),
                Bar | Barrier if atom_op().is_some() && mods.flags.has(Flags::RED) => {
                    mods.atom = atom_op()
                }
                Cvta if word == "to" => set_flag(&mut mods, Flags::TO),
                Brx if word == "idx" => {}
                Membar if word == "gl" => mods.scope = Some(Scope::Gpu),
                Ld | Ldu | St | Atom | Red | Cvta | Prefetch | Mov if space.is_some() => {
                    if mods.space.is_some() {
                        return Err(bad());
                    }
                    mods.space = space
                }
                _ => match word {
                    "rn" | "rz" | "rm" | "rp" | "rna" | "rni" | "rzi" | "rmi" | "rpi" => {
                        if mods.round.is_some() {
                            return Err(bad());
                        }
                        mods.round = Some(match word {
                            "rn" => Rounding::Rn,
                            "rz" => Rounding::Rz,
                            "rm" => Rounding::Rm,
                            "rp" => Rounding::Rp,
                            "rna" => Rounding::Rna,
                            "rni" => Rounding::Rni,
                            "rzi" => Rounding::Rzi,
                            "rmi" => Rounding::Rmi,
                            _ => Rounding::Rpi,
                        })
                    }
                    "cta" => mods.scope = Some(Scope::Cta),
                    "cluster" => mods.scope = Some(Scope::Cluster),
                    "gpu" => mods.scope = Some(Scope::Gpu),
                    "sys" => mods.scope = Some(Scope::Sys),
                    "v2" | "v4" if matches!(op, Ld | Ldu | St | Mov) => {
                        mods.vec = if word == "v2" { 2 } else { 4 }
                    }
                    "volatile" => set_flag(&mut mods, Flags::VOLATILE),
                    "uni" => set_flag(&mut mods, Flags::UNI),
                    "approx" => set_flag(&mut mods, Flags::APPROX),
                    "ftz" => set_flag(&mut mods, Flags::FTZ),
                    "sat" => set_flag(&mut mods, Flags::SAT),
                    "full" => set_flag(&mut mods, Flags::FULL),
                    "sync" => set_flag(&mut mods, Flags::SYNC),
                    "aligned" => set_flag(&mut mods, Flags::ALIGNED),
                    "nc" => set_flag(&mut mods, Flags::NC),
                    "cc" => set_flag(&mut mods, Flags::CC),
                    "relaxed" => set_flag(&mut mods, Flags::RELAXED),
                    "acquire" => set_flag(&mut mods, Flags::ACQUIRE),
                    "release" => set_flag(&mut mods, Flags::RELEASE),
                    "acq_rel" => set_flag(&mut mods, Flags::ACQ_REL),
                    "sc" => set_flag(&mut mods, Flags::SC),
                    "relu" => set_flag(&mut mods, Flags::RELU),
                    "NaN" => set_flag(&mut mods, Flags::NAN),
                    "shiftamt" => set_flag(&mut mods, Flags::SHIFTAMT),
                    "ca" | "cg" | "cs" | "lu" | "cv" | "wb" | "wt" => {
                        set_flag(&mut mods, Flags::CACHE_HINT)
                    }
                    "weak" | "noftz" => {}
                    _ => return Err(bad()),
                },
            }
        }
        if op == Opcode::Shf {
            mods.shf = match (shf_left, shf_wrap) {
                (Some(true), Some(true)) => Some(ShfMode::LWrap),
                (Some(true), Some(false)) => Some(ShfMode::LClamp),
                (Some(false), Some(true)) => Some(ShfMode::RWrap),
                (Some(false), Some(false)) => Some(ShfMode::RClamp),
                _ => return Err(self.error(start, "shf needs .l/.r and .wrap/.clamp")),
            };
        }
        if matches!(op, Opcode::Setp | Opcode::Set) && mods.cmp.is_none() {
            return Err(self.error(start, format!("'{text}' has no comparison")));
        }
        if matches!(op, Opcode::Atom | Opcode::Red) && mods.atom.is_none() {
            return Err(self.error(start, format!("'{text}' has no atomic operation")));
        }
        if op == Opcode::Vote && mods.vote.is_none() {
            return Err(self.error(start, format!("'{text}' has no vote mode")));
        }
        if op == Opcode::Shfl && mods.shfl.is_none() {
            return Err(self.error(start, format!("'{text}' has no shuffle mode")));
        }
        let ty = types.first().copied().unwrap_or(ScalarType::B32);
        let ty2 = types.get(1).copied();
        Ok((op, ty, ty2, mods))
    }

    fn reg(&self, b: &FnBuilder, node: &Node) -> Result<u32, PtxError> {
        match b.lookup(node.as_str()) {
            Some(Name::Reg(r)) => Ok(r),
            _ => Err(self.error(
                node.as_span().start(),
                format!("undeclared register '{}'", node.as_str()),
            )),
        }
    }

    fn symbol(&self, b: &FnBuilder, node: &Node) -> Result<SymRef, PtxError> {
        let name = node.as_str();
        match b.lookup(name) {
            Some(Name::Local(i)) => return Ok(SymRef::Local(i)),
            Some(Name::Param(i)) => return Ok(SymRef::Param(i)),
            Some(Name::Ret(i)) => return Ok(SymRef::Ret(i)),
            Some(Name::Reg(_)) | None => {}
        }
        self.globals_by_name
            .get(name)
            .map(|&g| SymRef::Global(g))
            .ok_or_else(|| self.error(node.as_span().start(), format!("unknown symbol '{name}'")))
    }

    fn instruction(&mut self, b: &mut FnBuilder, node: Node<'t>) -> Result<(), PtxError> {
        let line = self.line_of(&node);
        let mut guard = None;
        let mut operands = Vec::new();
        let mut opcode = None;
        for part in node.into_inner() {
            match part.as_rule() {
                Rule::guard => {
                    let mut negated = false;
                    let mut reg = None;
                    for g in part.into_inner() {
                        match g.as_rule() {
                            Rule::negate => negated = true,
                            _ => {
                                let r = self.reg(b, &g)?;
                                if b.func.reg_types[r as usize] != ScalarType::Pred {
                                    return Err(self.error(
                                        g.as_span().start(),
                                        format!("guard '{}' is not a .pred register", g.as_str()),
                                    ));
                                }
                                reg = Some(r);
                            }
                        }
                    }
                    guard = Some((reg.expect("grammar: guard register"), negated));
                }
                Rule::opcode => opcode = Some(part),
                Rule::operand => operands.push(part.into_inner().next().expect("grammar: operand")),
                _ => {}
            }
        }
        let opcode = opcode.expect("grammar: opcode");
        let (op, ty, ty2, mods) = self.decode_opcode(&opcode)?;
        let positions = operand_positions(&operands, has_result(op, &mods));
        let mut inst = Inst {
            op,
            ty,
            ty2,
            mods,
            dst: [Operand::None, Operand::None],
            src: SmallVec::new(),
            guard,
        };
        let index = b.func.insts.len();
        if op == Opcode::Call {
            self.call(b, &mut inst, &opcode, operands)?;
        } else if op == Opcode::Brx {
            self.brx(b, &mut inst, &opcode, operands, index)?;
        } else {
            let mut rest = operands.into_iter();
            if has_result(op, &inst.mods) {
                let d = rest.next().ok_or_else(|| {
                    self.error(
                        opcode.as_span().start(),
                        format!("'{}' needs a result operand", opcode.as_str()),
                    )
                })?;
                match d.as_rule() {
                    Rule::reg_name => inst.dst[0] = Operand::Reg(self.reg(b, &d)?),
                    Rule::reg_pair => {
                        let mut it = d.into_inner();
                        inst.dst[0] = Operand::Reg(self.reg(b, &it.next().expect("pair"))?);
                        inst.dst[1] = Operand::Reg(self.reg(b, &it.next().expect("pair"))?);
                    }
                    Rule::vector => inst.dst[0] = self.vector(b, d, inst.ty)?,
                    Rule::sink => inst.dst[0] = Operand::Reg(scratch_reg(b, inst.ty)),
                    _ => {
                        return Err(self.error(
                            d.as_span().start(),
                            format!("result of '{}' must be a register", opcode.as_str()),
                        ));
                    }
                }
            }
            for (slot, operand) in rest.enumerate() {
                let decoded = self.source(b, &inst, slot, operand, index)?;
                inst.src.push(decoded);
            }
            self.check_shape(&inst, &opcode)?;
        }
        operands::check(
            &inst,
            opcode.as_str(),
            &b.func.reg_types,
            &b.func.reg_names,
            &positions,
        )
        .map_err(|(pos, msg)| self.error(pos, msg))?;
        b.func.insts.push(inst);
        b.func.line_of.push(line);
        let span = opcode.as_span();
        b.func
            .opcode_spans
            .push((span.start() as u32, span.end() as u32));
        b.func.locs.push(b.current_loc);
        Ok(())
    }

    /// A `{...}` operand; `_` elements become scratch registers of the type of
    /// the named elements (`mov.b64 {_, %r2}, %rd1` splits into two `.b32`).
    fn vector(&self, b: &mut FnBuilder, node: Node, ty: ScalarType) -> Result<Operand, PtxError> {
        let mut regs: SmallVec<[Option<u32>; 4]> = SmallVec::new();
        for e in node.into_inner() {
            regs.push(match e.as_rule() {
                Rule::reg_name => Some(self.reg(b, &e)?),
                _ => None,
            });
        }
        let elem_ty = regs
            .iter()
            .flatten()
            .next()
            .map_or(ty, |&r| b.func.reg_types[r as usize]);
        Ok(Operand::Vector(
            regs.into_iter()
                .map(|r| r.unwrap_or_else(|| scratch_reg(b, elem_ty)))
                .collect(),
        ))
    }

    fn source(
        &self,
        b: &mut FnBuilder,
        inst: &Inst,
        slot: usize,
        node: Node,
        index: usize,
    ) -> Result<Operand, PtxError> {
        let pos = node.as_span().start();
        Ok(match node.as_rule() {
            Rule::reg_name => match b.lookup(node.as_str()) {
                Some(Name::Reg(r)) => Operand::Reg(r),
                _ => match special_reg(node.as_str()) {
                    Some(s) => Operand::Special(s),
                    None => {
                        return Err(
                            self.error(pos, format!("undeclared register '{}'", node.as_str()))
                        );
                    }
                },
            },
            Rule::int | Rule::hex_float | Rule::float => {
                Operand::Imm(self.immediate(&node, operand_type(inst, slot))?)
            }
            Rule::address => {
                let mut base = AddrBase::Absolute;
                let mut offset: i64 = 0;
                for part in node.into_inner() {
                    match part.as_rule() {
                        Rule::reg_name => base = AddrBase::Reg(self.reg(b, &part)?),
                        Rule::ident => base = AddrBase::Sym(self.symbol(b, &part)?),
                        Rule::int => offset = self.int_value(&part)? as i64,
                        Rule::addr_offset => {
                            let mut it = part.into_inner();
                            let sign = it.next().expect("grammar: sign");
                            let n = it.next().expect("grammar: int");
                            let v = self.int_value(&n)? as i64;
                            offset = if sign.as_rule() == Rule::minus {
                                v.wrapping_neg()
                            } else {
                                v
                            };
                        }
                        _ => {}
                    }
                }
                Operand::Addr { base, offset }
            }
            Rule::vector => self.vector(b, node, inst.ty)?,
            Rule::ident if matches!(inst.op, Opcode::Bra) => {
                b.pending_labels
                    .push((index, slot, node.as_str().to_string(), pos));
                Operand::None
            }
            // PTX's predefined constant (nvcc reads `warpSize` as it).
            Rule::ident if node.as_str() == "WARP_SZ" => Operand::Imm(32),
            Rule::ident => Operand::Sym(self.symbol(b, &node)?),
            Rule::sink => return Err(self.error(pos, "'_' can only be a result")),
            Rule::reg_pair => return Err(self.error(pos, "a register pair can only be a result")),
            _ => return Err(self.error(pos, "unsupported operand")),
        })
    }

    /// `brx.idx %r, table`: `src[0]` is the index, `src[1..]` the table's labels.
    fn brx(
        &self,
        b: &mut FnBuilder,
        inst: &mut Inst,
        opcode: &Node,
        operands: Vec<Node<'t>>,
        index: usize,
    ) -> Result<(), PtxError> {
        let [idx, table] = <[Node; 2]>::try_from(operands).map_err(|_| {
            self.error(
                opcode.as_span().start(),
                "brx.idx takes an index and a .branchtargets table",
            )
        })?;
        if idx.as_rule() != Rule::reg_name || table.as_rule() != Rule::ident {
            return Err(self.error(
                idx.as_span().start(),
                "brx.idx takes an index register and a .branchtargets table",
            ));
        }
        inst.src.push(Operand::Reg(self.reg(b, &idx)?));
        let targets = b
            .branch_tables
            .get(table.as_str())
            .cloned()
            .ok_or_else(|| {
                self.error(
                    table.as_span().start(),
                    format!("unknown .branchtargets '{}'", table.as_str()),
                )
            })?;
        for (label, pos) in targets {
            b.pending_labels.push((index, inst.src.len(), label, pos));
            inst.src.push(Operand::None);
        }
        Ok(())
    }

    /// Operand counts and kinds per opcode, so consumers can index `src`
    /// without checking (see the `program` invariants).
    fn check_shape(&self, inst: &Inst, opcode: &Node) -> Result<(), PtxError> {
        use Opcode::*;
        let n = inst.src.len();
        let (min, max) = match inst.op {
            Ret | Exit | Trap | Membar | Fence | Activemask => (0, 0),
            Mov | Ld | Ldu | Cvt | Cvta | Abs | Neg | Not | Cnot | Popc | Clz | Brev | Bfind
            | Rcp | Sqrt | Rsqrt | Sin | Cos | Lg2 | Ex2 | Tanh | Bra | Prefetch | Nanosleep
            | Pmevent | Testp => (1, 1),
            St | Red | Add | Sub | Mul | Div | Rem | Min | Max | And | Or | Xor | Shl | Shr
            | Copysign | Mul24 | Vote | Redux | Match => (2, 2),
            Setp | Set if inst.mods.bool_op.is_some() => (3, 3),
            Setp | Set => (2, 2),
            Atom if inst.mods.atom == Some(AtomOp::Cas) => (3, 3),
            Atom => (2, 2),
            Mad | Mad24 | Fma | Sad | Selp | Slct | Bfe | Prmt | Shf | Dp4a | Dp2a => (3, 3),
            Bfi | Lop3 | Shfl => (4, 4),
            Bar | Barrier => (0, 3),
            Call => (1, usize::MAX),
            Brx => (2, usize::MAX),
        };
        let text = opcode.as_str();
        if n < min || n > max {
            let want = if min == max {
                format!("{min}")
            } else {
                format!("{min} to {max}")
            };
            return Err(self.error(
                opcode.as_span().start(),
                format!("'{text}' takes {want} source operands, not {n}"),
            ));
        }
        let is_addr = |o: &Operand| matches!(o, Operand::Addr { .. });
        if matches!(inst.op, Ld | Ldu | St | Atom | Red | Prefetch) && !is_addr(&inst.src[0]) {
            return Err(self.error(
                opcode.as_span().start(),
                format!("'{text}' needs an address '[...]' operand"),
            ));
        }
        if inst.op == Bra && !matches!(inst.src[0], Operand::None | Operand::Label(_)) {
            return Err(self.error(opcode.as_span().start(), format!("'{text}' needs a label")));
        }
        if matches!(inst.op, Dp4a | Dp2a) {
            let int32 =
                |t: Option<ScalarType>| matches!(t, Some(ScalarType::U32 | ScalarType::S32));
            if !int32(Some(inst.ty)) || !int32(inst.ty2) {
                return Err(self.error(
                    opcode.as_span().start(),
                    format!("'{text}' needs two types, each .u32 or .s32"),
                ));
            }
            if (inst.op == Dp2a) != inst.mods.mul.is_some() {
                return Err(self.error(
                    opcode.as_span().start(),
                    format!("'{text}': dp2a takes .lo or .hi, dp4a neither"),
                ));
            }
        }
        if inst.op == Cvt
            && let Some(msg) = cvt_rounding_error(inst)
        {
            return Err(self.error(opcode.as_span().start(), format!("'{text}': {msg}")));
        }
        let vector_len = |o: &Operand| match o {
            Operand::Vector(v) => Some(v.len()),
            _ => None,
        };
        let data = match inst.op {
            Ld | Ldu => Some(&inst.dst[0]),
            St => inst.src.get(1),
            _ => None,
        };
        if let Some(data) = data {
            let want = (inst.mods.vec > 1).then_some(inst.mods.vec as usize);
            if vector_len(data) != want {
                return Err(self.error(
                    opcode.as_span().start(),
                    if inst.mods.vec > 1 {
                        format!("'{text}' needs a vector of {} registers", inst.mods.vec)
                    } else {
                        format!("'{text}' takes one register, not a vector")
                    },
                ));
            }
        }
        Ok(())
    }

    fn call(
        &mut self,
        b: &FnBuilder,
        inst: &mut Inst,
        opcode: &Node,
        operands: Vec<Node<'t>>,
    ) -> Result<(), PtxError> {
        let mut it = operands.into_iter().peekable();
        let param_addr = |this: &Self, list: Node| -> Result<Vec<Operand>, PtxError> {
            list.into_inner()
                .map(|p| {
                    Ok(Operand::Addr {
                        base: AddrBase::Sym(this.symbol(b, &p)?),
                        offset: 0,
                    })
                })
                .collect()
        };
        if let Some(first) = it.peek()
            && first.as_rule() == Rule::paren_list
        {
            let list = it.next().expect("peeked");
            let pos = list.as_span().start();
            let mut rets = param_addr(self, list)?;
            if rets.len() > 1 {
                return Err(
                    self.error(pos, "calls with more than one return value are unsupported")
                );
            }
            inst.dst[0] = rets.pop().unwrap_or(Operand::None);
        }
        let callee = it
            .next()
            .ok_or_else(|| self.error(opcode.as_span().start(), "call without a callee"))?;
        if callee.as_rule() != Rule::ident {
            return Err(self.error(callee.as_span().start(), "indirect calls are unsupported"));
        }
        let index = self.func_slot(callee.as_str());
        self.calls.push((callee.as_span().start(), index));
        inst.src.push(Operand::Func(index));
        if let Some(args) = it.next() {
            if args.as_rule() != Rule::paren_list {
                return Err(self.error(args.as_span().start(), "expected '(' argument list"));
            }
            inst.src.extend(param_addr(self, args)?);
        }
        if let Some(extra) = it.next() {
            return Err(self.error(extra.as_span().start(), "call prototypes are unsupported"));
        }
        Ok(())
    }
}

/// Where each result and source operand starts, for `operands::check`.
fn operand_positions(operands: &[Node], has_result: bool) -> operands::Positions {
    let start = |n: &Node| n.as_span().start();
    let mut dst = [0; 2];
    let mut rest = operands;
    if has_result && let Some((first, tail)) = operands.split_first() {
        dst[0] = start(first);
        // `%p|%q`: the second result starts at its own register.
        dst[1] = first
            .clone()
            .into_inner()
            .nth(1)
            .map_or(dst[0], |n| start(&n));
        rest = tail;
    }
    operands::Positions {
        dst,
        src: rest.iter().map(start).collect(),
    }
}

/// How a grammar rule is named in "expected ..." messages.
fn rule_name(rule: &Rule) -> String {
    match rule {
        Rule::comma => "','",
        Rule::semi => "';'",
        Rule::reg_name => "a register",
        Rule::reg_pair => "a register pair",
        Rule::vector => "a vector '{...}'",
        Rule::address => "an address '[...]'",
        Rule::paren_list => "a parameter list '(...)'",
        Rule::hex_float | Rule::float | Rule::int => "a number",
        Rule::ident => "a name",
        Rule::sink => "'_'",
        Rule::opcode => "an instruction",
        Rule::instruction => "an instruction",
        Rule::label => "a label",
        Rule::block => "'{'",
        Rule::var_decl => "a declaration",
        Rule::function => "a function",
        Rule::decl_word | Rule::dotword => "a directive",
        Rule::EOI => "end of file",
        other => return format!("{other:?}"),
    }
    .to_string()
}

/// The position of the first `{` nested deeper than `MAX_NESTING`, skipping
/// comments and strings.
fn too_deep(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i += text[i..].find('\n').unwrap_or(text.len() - i);
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += text[i + 2..].find("*/").map_or(text.len() - i, |e| e + 4);
                continue;
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(i);
                }
            }
            b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    None
}

/// A fresh register for a `_` sink.
fn scratch_reg(b: &mut FnBuilder, ty: ScalarType) -> u32 {
    let r = b.func.reg_names.len() as u32;
    b.func.reg_names.push("_".to_string());
    b.func.reg_types.push(ty);
    r
}

fn empty_function(name: String, is_kernel: bool, line: u32) -> Function {
    Function {
        name,
        is_kernel,
        has_body: false,
        params: Vec::new(),
        rets: Vec::new(),
        num_regs: 0,
        reg_names: Vec::new(),
        reg_types: Vec::new(),
        locals: Vec::new(),
        insts: Vec::new(),
        line_of: Vec::new(),
        opcode_spans: Vec::new(),
        locs: Vec::new(),
        line,
        maxntid: None,
        reqntid: None,
    }
}

fn unquote(s: &str) -> String {
    let inner = s
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(s);
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// What is wrong with a `cvt`'s rounding modifier for its types, as ptxas
/// 13.5 decides for sm_80 (measured over every pair of f32/f64/s16/s32/u16/
/// u64 types with none, `.rn`, `.rz`, `.rni`, `.rzi` and `.rna`):
/// float→int needs an integer rounding (`.rni .rzi .rmi .rpi`); int→float
/// and f64→f32 need a float rounding (`.rn .rz .rm .rp`); f32→f64 and
/// int→int take none; f32→f32 and f64→f64 take none or an integer rounding.
/// Half-precision forms are left alone (the simulator refuses them).
fn cvt_rounding_error(inst: &Inst) -> Option<String> {
    use ScalarType::{BF16, F16, F16x2};
    let (dst, src) = (inst.ty, inst.ty2?);
    if [dst, src].iter().any(|t| matches!(t, F16 | F16x2 | BF16)) {
        return None;
    }
    let integer = matches!(
        inst.mods.round,
        Some(Rounding::Rni | Rounding::Rzi | Rounding::Rmi | Rounding::Rpi)
    );
    let float = matches!(
        inst.mods.round,
        Some(Rounding::Rn | Rounding::Rz | Rounding::Rm | Rounding::Rp)
    );
    let none = inst.mods.round.is_none();
    let (ok, want) = match (dst.is_float(), src.is_float()) {
        (false, true) => (
            integer,
            "an integer rounding modifier (.rni, .rzi, .rmi or .rpi)",
        ),
        (true, false) => (float, "a rounding modifier (.rn, .rz, .rm or .rp)"),
        (true, true) if dst.bits() < src.bits() => {
            (float, "a rounding modifier (.rn, .rz, .rm or .rp)")
        }
        (true, true) if dst.bits() > src.bits() => (none, "no rounding modifier"),
        (true, true) => (
            none || integer,
            "no rounding modifier or an integer one (.rni, .rzi, .rmi or .rpi)",
        ),
        (false, false) => (none, "no rounding modifier"),
    };
    (!ok).then(|| format!("this conversion takes {want}"))
}
