//! The host program as C (`--emit=host-c`): every host `func.func` becomes
//! a C function that calls the C launch glue for kernel launches and the
//! CUDA driver API for memory and synchronization.
//!
//! Invariants:
//! - Each SSA value that is used gets one C variable, declared (and zeroed)
//!   at the top of its function, so `goto` never jumps over a declaration
//!   and every variable is initialized on every path. Block arguments are
//!   variables assigned by the branches (as a parallel copy: through
//!   temporaries whenever an assignment would clobber a later source).
//! - Integer arithmetic is done in unsigned types of at least `unsigned
//!   int` and converted back, so the C has no signed overflow where the IR
//!   wraps; signedness comes from the op (`divsi` vs `divui`), never from
//!   the variable's type. Memory is accessed through `memcpy`, so neither
//!   alignment nor C's effective-type rules can break a `host.load`.
//! - Values with no uses and no effects are not computed; effectful ops are
//!   always kept.
//! - Every driver call goes through a helper that prints the source
//!   location and the failed call to stderr and exits with status 1.
//!   Helpers are emitted only if used, so the file compiles warning-free
//!   (`-Wall -Wextra -Werror`) and a program without device work needs no
//!   `libcuda` to link.
//! - Any op outside the supported set is a located error naming the op;
//!   the translation never emits C for IR it does not understand.

use crate::c_syntax::{
    C_RESERVED, Scalar, c_string, float_literal, int_literal, is_identifier, location_text,
    signed_c, unsigned_c, wrap_c,
};
use crate::kernels::{Kernel, collect_kernels, top_level_ops};
use crate::printf::{PrintfArg, expected_args};
use lockstep_arith::{CmpFPredicate, CmpIPredicate};
use lockstep_func::{CallOp, FuncOp};
use lockstep_host::{LaunchOp, MemcpyKind, memcpy_kind, printf_format};
use lockstep_ir::printer::type_to_string;
use lockstep_ir::{AttrData, BlockId, Context, Diagnostic, OpId, RegionId, ValueDef, ValueId};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write;

/// The C helpers a translated function may need; each is emitted once, in
/// this order, only when some emitted function uses it.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Helper {
    Check,
    Ready,
    DeviceAlloc,
    DeviceFree,
    MemcpyHtoD,
    MemcpyDtoH,
    MemcpyDtoD,
    Synchronize,
    CheckLaunch,
    MinimumF32,
    MaximumF32,
    MinimumF64,
    MaximumF64,
}

impl Helper {
    /// Helpers this one calls.
    fn needs(self) -> &'static [Helper] {
        use Helper::*;
        match self {
            DeviceAlloc | DeviceFree | MemcpyHtoD | MemcpyDtoH | MemcpyDtoD | Synchronize => {
                &[Check, Ready]
            }
            _ => &[],
        }
    }

    fn text(self) -> &'static str {
        match self {
            Helper::Check => HELPER_CHECK,
            Helper::Ready => HELPER_READY,
            Helper::DeviceAlloc => HELPER_DEVICE_ALLOC,
            Helper::DeviceFree => HELPER_DEVICE_FREE,
            Helper::MemcpyHtoD => HELPER_MEMCPY_HTOD,
            Helper::MemcpyDtoH => HELPER_MEMCPY_DTOH,
            Helper::MemcpyDtoD => HELPER_MEMCPY_DTOD,
            Helper::Synchronize => HELPER_SYNCHRONIZE,
            Helper::CheckLaunch => HELPER_CHECK_LAUNCH,
            Helper::MinimumF32 => HELPER_MINIMUM_F32,
            Helper::MaximumF32 => HELPER_MAXIMUM_F32,
            Helper::MinimumF64 => HELPER_MINIMUM_F64,
            Helper::MaximumF64 => HELPER_MAXIMUM_F64,
        }
    }
}

/// A piece of a function body: text, or the place of a block's label
/// (printed only if some `goto` uses it).
enum Piece {
    Text(String),
    Label(BlockId),
}

/// One translated host function.
struct Translated {
    /// The IR symbol name.
    name: String,
    prototype: String,
    body: String,
    /// IR names of the functions it calls.
    callees: BTreeSet<String>,
    helpers: BTreeSet<Helper>,
}

pub fn emit(ctx: &Context, module: OpId, header_name: &str) -> Result<String, Diagnostic> {
    let kernels = collect_kernels(ctx, module)?;
    let mut funcs = Vec::new();
    for op in top_level_ops(ctx, module) {
        if FuncOp::from_op(ctx, op).is_some() {
            funcs.push(op);
        } else if !ctx.isa(op, &lockstep_device::MODULE) {
            return Err(Diagnostic::error(
                ctx.loc(op),
                format!(
                    "'{}' op cannot be translated to C: a host module holds only func.func and device.module",
                    ctx.name_of(op)
                ),
            ));
        }
    }
    let c_names = function_names(ctx, &funcs);
    let has_main = funcs
        .iter()
        .any(|&f| lockstep_func::function_like::name(ctx, f) == "main");
    let mut translated = Vec::new();
    for &f in &funcs {
        translated.push(FunctionEmitter::new(ctx, f, &c_names, &kernels, has_main).emit()?);
    }
    let emitted = reachable(&translated, has_main);

    let mut helpers = BTreeSet::new();
    for t in translated.iter().filter(|t| emitted.contains(&t.name)) {
        for &h in &t.helpers {
            helpers.insert(h);
            helpers.extend(h.needs().iter().copied());
        }
    }
    let source = crate::c_syntax::source_file(ctx, module);
    let mut out = String::new();
    emit!(
        out,
        "/* The host program{} as C, generated by lockstep (docs/host-glue.md).",
        source
            .as_deref()
            .map(|s| format!(" of {s}"))
            .unwrap_or_default()
    );
    emit!(
        out,
        " * Build it with its launch glue: cc -std=c11 <this file> <glue .c> -lcuda -lm */"
    );
    emit!(out, "#include {}", c_string(header_name));
    emit!(out);
    for h in [
        "math.h",
        "stdbool.h",
        "stdint.h",
        "stdio.h",
        "stdlib.h",
        "string.h",
    ] {
        emit!(out, "#include <{h}>");
    }
    for h in &helpers {
        emit!(out);
        out.push_str(h.text());
    }
    let prototypes: Vec<&Translated> = translated
        .iter()
        .filter(|t| emitted.contains(&t.name) && t.name != "main")
        .collect();
    if !prototypes.is_empty() {
        emit!(out);
        for t in &prototypes {
            emit!(out, "{};", t.prototype);
        }
    }
    for t in translated.iter().filter(|t| emitted.contains(&t.name)) {
        emit!(out);
        out.push_str(&t.body);
    }
    Ok(out)
}

/// The C name of each host function: its own name unless that is not a C
/// identifier or collides with a C keyword, a library name the file uses,
/// a `lockstep_`/`cu` name from the glue and `cuda.h`, or the names of the
/// translation's locals (which would shadow it).
fn function_names(ctx: &Context, funcs: &[OpId]) -> HashMap<String, String> {
    let mut names = HashMap::new();
    let mut taken: HashSet<String> = HashSet::new();
    let wanted: Vec<String> = funcs
        .iter()
        .map(|&f| lockstep_func::function_like::name(ctx, f).to_string())
        .collect();
    let usable = |n: &str| {
        is_identifier(n)
            && !C_RESERVED.contains(&n)
            && !n.starts_with("lockstep_")
            && !n.starts_with("cu")
            && !n.starts_with("CU")
            && !n.starts_with("__")
            // The translation's own local names: `v12`, `a0`.
            && !(n.len() > 1
                && n.starts_with(['v', 'a'])
                && n[1..].bytes().all(|b| b.is_ascii_digit()))
    };
    for n in wanted.iter().filter(|n| usable(n)) {
        taken.insert(n.clone());
    }
    for n in &wanted {
        if names.contains_key(n) {
            continue;
        }
        let c_name = if usable(n) {
            n.clone()
        } else {
            let base: String = n
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            let mut candidate = format!("lockstep_fn_{base}");
            let mut k = 1;
            while taken.contains(&candidate) {
                candidate = format!("lockstep_fn_{base}_{k}");
                k += 1;
            }
            candidate
        };
        taken.insert(c_name.clone());
        names.insert(n.clone(), c_name);
    }
    names
}

/// Functions to emit: those reachable from `main` through calls, or all of
/// them for a module without `main` (a library).
fn reachable(funcs: &[Translated], has_main: bool) -> HashSet<String> {
    if !has_main {
        return funcs.iter().map(|t| t.name.clone()).collect();
    }
    let by_name: HashMap<&str, &Translated> = funcs.iter().map(|t| (t.name.as_str(), t)).collect();
    let mut seen = HashSet::new();
    let mut work = vec!["main".to_string()];
    while let Some(n) = work.pop() {
        if !seen.insert(n.clone()) {
            continue;
        }
        if let Some(t) = by_name.get(n.as_str()) {
            work.extend(t.callees.iter().cloned());
        }
    }
    seen
}

/// Ops the translation leaves out when no result is needed: pure ones,
/// and allocations and loads, whose only effect is their value.
fn droppable(ctx: &Context, op: OpId) -> bool {
    match ctx.def_of(op).map(|d| d.name) {
        Some(n) => {
            n.starts_with("arith.")
                || n.starts_with("math.")
                || matches!(
                    n,
                    "host.ptradd"
                        | "host.alloc"
                        | "host.alloca"
                        | "host.load"
                        | "host.device_alloc"
                )
        }
        None => false,
    }
}

/// Is `v` an operand of an integer comparison (explicit, or inside a
/// min/max, rounding division or loop test)? Such a constant gets a
/// variable: C compilers warn (`-Wtype-limits`) about comparisons with a
/// literal that the type's range decides, like `(uint32_t)x >= 0`.
fn compared(ctx: &Context, v: ValueId) -> bool {
    ctx.uses(v).iter().any(|u| {
        matches!(
            ctx.def_of(u.op).map(|d| d.name),
            Some(
                "arith.cmpi"
                    | "arith.minsi"
                    | "arith.maxsi"
                    | "arith.minui"
                    | "arith.maxui"
                    | "arith.ceildivsi"
                    | "arith.ceildivui"
                    | "arith.floordivsi"
                    | "scf.for"
            )
        )
    })
}

/// `T name` with C's pointer spacing.
fn declare(ty: Scalar, name: &str) -> String {
    let t = ty.c_type();
    if t.ends_with('*') {
        format!("{t}{name}")
    } else {
        format!("{t} {name}")
    }
}

struct FunctionEmitter<'a> {
    ctx: &'a Context,
    func: OpId,
    ir_name: String,
    c_names: &'a HashMap<String, String>,
    kernels: &'a [Kernel],
    /// Whether functions other than `main` are `static` (there is a `main`).
    internal: bool,
    /// Values the C reads: operands of emitted ops (see `compute_needed`).
    needed: HashSet<ValueId>,
    /// C text of each value: a variable, or a literal for constants.
    names: HashMap<ValueId, String>,
    /// Values whose name is a literal (no variable, no address).
    constants: HashSet<ValueId>,
    /// Named values with no uses (they exist for a structured op's
    /// bookkeeping): `(void)`-ed so C does not warn.
    unused_names: Vec<String>,
    labels: HashMap<BlockId, String>,
    /// Labels some `goto` names; only those are printed.
    used_labels: HashSet<BlockId>,
    /// The block printed after the current one: a top-level jump there
    /// falls through instead of `goto`.
    fallthrough: Option<BlockId>,
    decls: Vec<String>,
    body: Vec<Piece>,
    depth: usize,
    temps: usize,
    allocas: usize,
    callees: BTreeSet<String>,
    helpers: BTreeSet<Helper>,
}

impl<'a> FunctionEmitter<'a> {
    fn new(
        ctx: &'a Context,
        func: OpId,
        c_names: &'a HashMap<String, String>,
        kernels: &'a [Kernel],
        internal: bool,
    ) -> Self {
        FunctionEmitter {
            ctx,
            func,
            ir_name: lockstep_func::function_like::name(ctx, func).to_string(),
            c_names,
            kernels,
            internal,
            needed: HashSet::new(),
            names: HashMap::new(),
            constants: HashSet::new(),
            unused_names: Vec::new(),
            labels: HashMap::new(),
            used_labels: HashSet::new(),
            fallthrough: None,
            decls: Vec::new(),
            body: Vec::new(),
            depth: 1,
            temps: 0,
            allocas: 0,
            callees: BTreeSet::new(),
            helpers: BTreeSet::new(),
        }
    }

    fn error(&self, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
        Diagnostic::error(
            self.ctx.loc(op),
            format!("'{}' op {msg}", self.ctx.name_of(op)),
        )
    }

    fn unsupported(&self, op: OpId) -> Diagnostic {
        self.error(
            op,
            "cannot be translated to C: host-c handles func, arith, math, cf, scf.if/for/while \
             and host ops",
        )
    }

    /// The C type of `v`'s type; `at` locates the error.
    fn scalar_of(&self, v: ValueId, at: OpId) -> Result<Scalar, Diagnostic> {
        let ty = self.ctx.value_type(v);
        Scalar::of(self.ctx, ty).ok_or_else(|| {
            self.error(
                at,
                format!(
                    "uses type {}, which has no C equivalent in host-c",
                    type_to_string(self.ctx, ty)
                ),
            )
        })
    }

    fn emit(mut self) -> Result<Translated, Diagnostic> {
        let ctx = self.ctx;
        let f = FuncOp(self.func);
        let results = f.results(ctx);
        if results.len() > 1 {
            return Err(self.error(
                self.func,
                format!(
                    "@{} returns {} values; C functions return at most one",
                    self.ir_name,
                    results.len()
                ),
            ));
        }
        let ret = match results.first() {
            Some(&t) => Some(Scalar::of(ctx, t).ok_or_else(|| {
                self.error(
                    self.func,
                    format!(
                        "@{} returns {}, which has no C equivalent",
                        self.ir_name,
                        type_to_string(ctx, t)
                    ),
                )
            })?),
            None => None,
        };
        let is_main = self.ir_name == "main";
        let c_name = self
            .c_names
            .get(&self.ir_name)
            .cloned()
            .unwrap_or_else(|| self.ir_name.clone());
        let mut params = Vec::new();
        for (i, &t) in f.inputs(ctx).iter().enumerate() {
            let s = Scalar::of(ctx, t).ok_or_else(|| {
                self.error(
                    self.func,
                    format!(
                        "@{}: parameter #{i} has type {}, which has no C equivalent",
                        self.ir_name,
                        type_to_string(ctx, t)
                    ),
                )
            })?;
            params.push(declare(s, &format!("a{i}")));
        }
        let prototype = if is_main {
            if !params.is_empty() || ret != Some(Scalar::Int(32)) {
                return Err(self.error(
                    self.func,
                    "@main must have type () -> i32 to become C's `int main(void)`",
                ));
            }
            "int main(void)".to_string()
        } else {
            let ret_c = ret.map_or("void", Scalar::c_type);
            let sep = if ret_c.ends_with('*') { "" } else { " " };
            let params = if params.is_empty() {
                "void".to_string()
            } else {
                params.join(", ")
            };
            let storage = if self.internal { "static " } else { "" };
            format!("{storage}{ret_c}{sep}{c_name}({params})")
        };
        if f.is_declaration(ctx) {
            // A declaration only: the prototype refers to a definition elsewhere.
            let prototype = prototype.replacen("static ", "", 1);
            return Ok(Translated {
                name: self.ir_name,
                prototype: prototype.clone(),
                body: format!("/* @{c_name} is defined elsewhere. */\n"),
                callees: BTreeSet::new(),
                helpers: BTreeSet::new(),
            });
        }
        let Some(body) = f.body(ctx) else {
            return Err(self.error(self.func, "has no body region"));
        };
        self.compute_needed();
        for (i, &a) in f.arguments(ctx).iter().enumerate() {
            let name = format!("a{i}");
            if !self.needed.contains(&a) {
                self.unused_names.push(name.clone());
            }
            self.names.insert(a, name);
        }
        let mut counter = 0usize;
        self.name_region(body, true, &mut counter)?;
        for (i, &b) in ctx.region_blocks(body).iter().enumerate() {
            if i > 0 && !ctx.block_preds(b).is_empty() {
                self.labels.insert(b, format!("bb{i}"));
            }
        }
        self.emit_cfg_region(body)?;

        let mut text = String::new();
        emit!(text, "{prototype} {{");
        for d in &self.decls {
            emit!(text, "  {d}");
        }
        for n in &self.unused_names {
            emit!(text, "  (void){n};");
        }
        for piece in &self.body {
            match piece {
                Piece::Text(t) => text.push_str(t),
                Piece::Label(b) if self.used_labels.contains(b) => {
                    if let Some(l) = self.labels.get(b) {
                        emit!(text, "{l}:");
                    }
                }
                Piece::Label(_) => {}
            }
        }
        emit!(text, "}}");
        Ok(Translated {
            name: self.ir_name,
            prototype,
            body: text,
            callees: self.callees,
            helpers: self.helpers,
        })
    }

    // ----- liveness -----

    /// Marks the values the emitted C reads. Ops that [`droppable`] says
    /// may go are emitted only when a result is needed; every other op is
    /// emitted and needs its operands, except that a branch needs a
    /// forwarded operand only if the block argument it feeds is needed, and
    /// an `scf.if` yield only if the `scf.if` result is. (A value with IR
    /// uses that the C never reads would be a set-but-unused variable.)
    fn compute_needed(&mut self) {
        let ctx = self.ctx;
        let mut work: Vec<ValueId> = Vec::new();
        let mut ops = Vec::new();
        ctx.walk_pre(self.func, &mut |op| ops.push(op));
        for &op in &ops[1..] {
            if droppable(ctx, op) {
                continue;
            }
            if ctx.isa(op, &lockstep_scf::YIELD) {
                let parent = ctx.parent_op(op);
                if parent.is_some_and(|p| !ctx.isa(p, &lockstep_scf::IF)) {
                    work.extend(ctx.operands(op));
                }
                continue;
            }
            let forwarded: Vec<std::ops::Range<usize>> =
                match ctx.def_of(op).and_then(|d| d.successor_operands) {
                    Some(f) => (0..ctx.successors(op).len())
                        .map(|i| f(ctx, op, i))
                        .collect(),
                    None => Vec::new(),
                };
            for (i, &v) in ctx.operands(op).iter().enumerate() {
                if !forwarded.iter().any(|r| r.contains(&i)) {
                    work.push(v);
                }
            }
        }
        while let Some(v) = work.pop() {
            if !self.needed.insert(v) {
                continue;
            }
            match ctx.value_def(v) {
                ValueDef::Result { op, index } => {
                    if droppable(ctx, op) {
                        work.extend(ctx.operands(op));
                    } else if ctx.isa(op, &lockstep_scf::IF) {
                        for &r in ctx.regions(op) {
                            let term = ctx
                                .region_blocks(r)
                                .first()
                                .and_then(|&b| ctx.terminator(b));
                            if let Some(y) = term.and_then(|t| ctx.operands(t).get(index as usize))
                            {
                                work.push(*y);
                            }
                        }
                    }
                }
                ValueDef::BlockArg { block, index } => {
                    for u in ctx.block_preds(block) {
                        let fwd = ctx.successor_operands(u.op, u.index as usize);
                        if let Some(&s) = fwd.get(index as usize) {
                            work.push(s);
                        }
                    }
                }
            }
        }
    }

    // ----- naming -----

    /// Names every used value (and every block argument and result of
    /// `scf.for`/`scf.while`, which the loops assign whether or not they
    /// are read) and declares its variable.
    fn name_region(
        &mut self,
        r: RegionId,
        is_function_body: bool,
        counter: &mut usize,
    ) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let parent = ctx.region_parent(r).unwrap_or(self.func);
        let structured_loop =
            ctx.isa(parent, &lockstep_scf::FOR) || ctx.isa(parent, &lockstep_scf::WHILE);
        for (i, &b) in ctx.region_blocks(r).iter().enumerate() {
            if !(is_function_body && i == 0) {
                for &a in ctx.block_args(b) {
                    self.name_value(a, structured_loop, parent, counter)?;
                }
            }
            for op in ctx.block_ops(b) {
                let forced = ctx.isa(op, &lockstep_scf::FOR) || ctx.isa(op, &lockstep_scf::WHILE);
                for &res in ctx.results(op) {
                    self.name_value(res, forced, op, counter)?;
                }
                for &inner in ctx.regions(op) {
                    self.name_region(inner, false, counter)?;
                }
            }
        }
        Ok(())
    }

    fn name_value(
        &mut self,
        v: ValueId,
        forced: bool,
        at: OpId,
        counter: &mut usize,
    ) -> Result<(), Diagnostic> {
        let used = self.needed.contains(&v);
        if !used && !forced {
            return Ok(());
        }
        if let Some(op) = self.ctx.defining_op(v)
            && self.ctx.isa(op, &lockstep_arith::CONSTANT)
            && !compared(self.ctx, v)
        {
            // Constants are written where they are used.
            let literal = self.constant(op)?;
            let literal = if literal.starts_with(['-', '(']) {
                format!("({literal})")
            } else {
                literal
            };
            self.names.insert(v, literal);
            self.constants.insert(v);
            return Ok(());
        }
        let ty = self.scalar_of(v, at)?;
        let name = format!("v{counter}");
        *counter += 1;
        self.decls
            .push(format!("{} = {};", declare(ty, &name), ty.zero()));
        if !used {
            self.unused_names.push(name.clone());
        }
        self.names.insert(v, name);
        Ok(())
    }

    /// The variable holding `v` (every operand is used, so it has one).
    fn var(&self, v: ValueId, at: OpId) -> Result<String, Diagnostic> {
        self.names
            .get(&v)
            .cloned()
            .ok_or_else(|| self.error(at, "uses a value defined outside its function"))
    }

    fn operand(&self, op: OpId, i: usize) -> Result<String, Diagnostic> {
        let v = *self
            .ctx
            .operands(op)
            .get(i)
            .ok_or_else(|| self.error(op, format!("is missing operand #{i}")))?;
        self.var(v, op)
    }

    /// `&x` for operand `i`, a compound literal's address for a constant.
    fn address_of(&self, op: OpId, i: usize) -> Result<String, Diagnostic> {
        let v = *self
            .ctx
            .operands(op)
            .get(i)
            .ok_or_else(|| self.error(op, format!("is missing operand #{i}")))?;
        let text = self.var(v, op)?;
        if self.constants.contains(&v) {
            let ty = self.scalar_of(v, op)?.c_type();
            Ok(format!("&({ty}){{{text}}}"))
        } else {
            Ok(format!("&{text}"))
        }
    }

    fn operand_scalar(&self, op: OpId, i: usize) -> Result<Scalar, Diagnostic> {
        let v = *self
            .ctx
            .operands(op)
            .get(i)
            .ok_or_else(|| self.error(op, format!("is missing operand #{i}")))?;
        self.scalar_of(v, op)
    }

    fn result_name(&self, op: OpId) -> Option<String> {
        self.ctx
            .results(op)
            .first()
            .and_then(|r| self.names.get(r).cloned())
    }

    fn result_scalar(&self, op: OpId) -> Result<Scalar, Diagnostic> {
        let r = *self
            .ctx
            .results(op)
            .first()
            .ok_or_else(|| self.error(op, "has no result"))?;
        self.scalar_of(r, op)
    }

    // ----- text -----

    fn line(&mut self, text: &str) {
        self.body
            .push(Piece::Text(format!("{}{text}\n", "  ".repeat(self.depth))));
    }

    fn where_text(&self, op: OpId) -> String {
        c_string(&location_text(self.ctx, op, &format!("@{}", self.ir_name)))
    }

    /// Assigns `dsts[i] = srcs[i]` for all `i` at once (the destinations
    /// are distinct block arguments).
    fn parallel_copy(
        &mut self,
        dsts: &[ValueId],
        srcs: &[ValueId],
        at: OpId,
    ) -> Result<(), Diagnostic> {
        if dsts.len() != srcs.len() {
            return Err(self.error(
                at,
                format!(
                    "passes {} values to {} block arguments",
                    srcs.len(),
                    dsts.len()
                ),
            ));
        }
        let mut pairs = Vec::new();
        for (&d, &s) in dsts.iter().zip(srcs) {
            let Some(dn) = self.names.get(&d).cloned() else {
                continue;
            };
            let sn = self.var(s, at)?;
            if dn != sn {
                pairs.push((dn, sn, self.scalar_of(d, at)?));
            }
        }
        // Assigning in order, source j is stale if an earlier assignment
        // wrote it: only those are saved in temporaries first.
        let clobbered: Vec<bool> = (0..pairs.len())
            .map(|j| pairs[..j].iter().any(|(d, _, _)| *d == pairs[j].1))
            .collect();
        if !clobbered.contains(&true) {
            for (d, s, _) in &pairs {
                self.line(&format!("{d} = {s};"));
            }
            return Ok(());
        }
        self.line("{");
        self.depth += 1;
        let mut sources = Vec::new();
        for ((_, s, ty), &saved) in pairs.iter().zip(&clobbered) {
            if saved {
                let t = format!("lockstep_tmp{}", self.temps);
                self.temps += 1;
                self.line(&format!("{} = {s};", declare(*ty, &t)));
                sources.push(t);
            } else {
                sources.push(s.clone());
            }
        }
        for ((d, _, _), s) in pairs.iter().zip(&sources) {
            self.line(&format!("{d} = {s};"));
        }
        self.depth -= 1;
        self.line("}");
        Ok(())
    }

    // ----- regions -----

    /// The function body: blocks in order, labels where branched to.
    fn emit_cfg_region(&mut self, r: RegionId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let blocks = ctx.region_blocks(r);
        for (i, &b) in blocks.iter().enumerate() {
            self.body.push(Piece::Label(b));
            self.fallthrough = blocks.get(i + 1).copied();
            for op in ctx.block_ops(b) {
                self.emit_op(op)?;
            }
        }
        Ok(())
    }

    /// The single block of a structured op's region, all ops but the
    /// terminator emitted; returns the terminator.
    fn emit_structured_block(
        &mut self,
        parent: OpId,
        r: RegionId,
    ) -> Result<Option<OpId>, Diagnostic> {
        let ctx = self.ctx;
        let blocks = ctx.region_blocks(r);
        let Some(&b) = blocks.first() else {
            return Ok(None);
        };
        if blocks.len() > 1 {
            return Err(self.error(parent, "has a region with more than one block"));
        }
        let term = ctx.terminator(b);
        for op in ctx.block_ops(b) {
            if Some(op) != term {
                self.emit_op(op)?;
            }
        }
        Ok(term)
    }

    // ----- ops -----

    fn emit_op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let name = match self.ctx.def_of(op) {
            Some(def) => def.name,
            None => return Err(self.unsupported(op)),
        };
        match name.split_once('.').map_or("", |(d, _)| d) {
            "arith" => self.arith(op, name),
            "math" => self.math(op, name),
            "host" => self.host(op, name),
            _ => match name {
                "func.call" => self.call(op),
                "func.return" => self.ret(op),
                "cf.br" => self.br(op),
                "cf.cond_br" => self.cond_br(op),
                "cf.switch" => self.switch(op),
                "cf.assert" => self.assert(op),
                "scf.if" => self.scf_if(op),
                "scf.for" => self.scf_for(op),
                "scf.while" => self.scf_while(op),
                _ => Err(self.unsupported(op)),
            },
        }
    }

    /// `result = expr;` when the result is used.
    fn set(&mut self, op: OpId, expr: &str) {
        if let Some(r) = self.result_name(op) {
            self.line(&format!("{r} = {expr};"));
        }
    }

    fn arith(&mut self, op: OpId, name: &str) -> Result<(), Diagnostic> {
        // Every arith op is pure: nothing to do when its value is unused.
        if self.result_name(op).is_none() {
            return Ok(());
        }
        let mnemonic = &name["arith.".len()..];
        let expr = match mnemonic {
            // Inlined where used, unless `compared` gave it a variable.
            "constant"
                if self
                    .ctx
                    .results(op)
                    .iter()
                    .any(|r| self.constants.contains(r)) =>
            {
                return Ok(());
            }
            "constant" => self.constant(op)?,
            "addi" | "subi" | "muli" | "divsi" | "divui" | "remsi" | "remui" | "ceildivsi"
            | "ceildivui" | "floordivsi" | "shli" | "shrsi" | "shrui" | "andi" | "ori" | "xori"
            | "minsi" | "maxsi" | "minui" | "maxui" => self.int_binary(op, mnemonic)?,
            "addf" | "subf" | "mulf" | "divf" | "remf" | "maxnumf" | "minnumf" | "maximumf"
            | "minimumf" => self.float_binary(op, mnemonic)?,
            "negf" => format!("-{}", self.operand(op, 0)?),
            "cmpi" => self.cmpi(op)?,
            "cmpf" => self.cmpf(op)?,
            "select" => format!(
                "{} ? {} : {}",
                self.operand(op, 0)?,
                self.operand(op, 1)?,
                self.operand(op, 2)?
            ),
            "extsi" | "extui" | "trunci" | "index_cast" | "index_castui" | "sitofp" | "uitofp"
            | "fptosi" | "fptoui" | "extf" | "truncf" => self.cast(op, mnemonic)?,
            "bitcast" => {
                let r = self.result_name(op).unwrap_or_default();
                let a = self.address_of(op, 0)?;
                self.line(&format!("memcpy(&{r}, {a}, sizeof {r});"));
                return Ok(());
            }
            _ => return Err(self.unsupported(op)),
        };
        self.set(op, &expr);
        Ok(())
    }

    fn constant(&self, op: OpId) -> Result<String, Diagnostic> {
        let ty = self.result_scalar(op)?;
        let value = self
            .ctx
            .attr_of(op, "value")
            .map(|a| self.ctx.attr_data(a).clone());
        match (ty, value) {
            (Scalar::Int(w), Some(AttrData::Integer { value, .. })) => Ok(int_literal(w, value)),
            (Scalar::F32 | Scalar::F64, Some(AttrData::Float { bits, .. })) => {
                Ok(float_literal(f64::from_bits(bits), ty == Scalar::F32))
            }
            _ => Err(self.error(op, "has a value host-c cannot write as a C constant")),
        }
    }

    fn int_width(&self, op: OpId, i: usize) -> Result<u32, Diagnostic> {
        match self.operand_scalar(op, i)? {
            Scalar::Int(w) => Ok(w),
            _ => Err(self.error(op, format!("operand #{i} is not an integer"))),
        }
    }

    fn int_binary(&mut self, op: OpId, m: &str) -> Result<String, Diagnostic> {
        let w = self.int_width(op, 0)?;
        let (a, b) = (self.operand(op, 0)?, self.operand(op, 1)?);
        let (s, u, wide) = (signed_c(w), unsigned_c(w), wrap_c(w));
        if w == 1 {
            return match m {
                "addi" | "subi" | "xori" => Ok(format!("{a} != {b}")),
                "muli" | "andi" | "maxsi" | "minui" => Ok(format!("{a} && {b}")),
                "ori" | "minsi" | "maxui" => Ok(format!("{a} || {b}")),
                _ => Err(self.error(op, "on i1 is not supported by host-c")),
            };
        }
        Ok(match m {
            "addi" => format!("({s})(({wide}){a} + ({wide}){b})"),
            "subi" => format!("({s})(({wide}){a} - ({wide}){b})"),
            "muli" => format!("({s})(({wide}){a} * ({wide}){b})"),
            "divsi" => format!("({s})({a} / {b})"),
            "remsi" => format!("({s})({a} % {b})"),
            "divui" => format!("({s})(({u}){a} / ({u}){b})"),
            "remui" => format!("({s})(({u}){a} % ({u}){b})"),
            "ceildivui" => format!("({s})(({u}){a} / ({u}){b} + (({u}){a} % ({u}){b} != 0))"),
            "ceildivsi" => format!("({s})({a} / {b} + ({a} % {b} != 0 && ({a} < 0) == ({b} < 0)))"),
            "floordivsi" => {
                format!("({s})({a} / {b} - ({a} % {b} != 0 && ({a} < 0) != ({b} < 0)))")
            }
            "shli" => format!("({s})(({wide}){a} << ({u}){b})"),
            "shrui" => format!("({s})(({u}){a} >> ({u}){b})"),
            "shrsi" => format!("({s})({a} >> ({u}){b})"),
            "andi" => format!("({s})({a} & {b})"),
            "ori" => format!("({s})({a} | {b})"),
            "xori" => format!("({s})({a} ^ {b})"),
            "minsi" => format!("{a} < {b} ? {a} : {b}"),
            "maxsi" => format!("{a} > {b} ? {a} : {b}"),
            "minui" => format!("({u}){a} < ({u}){b} ? {a} : {b}"),
            _ => format!("({u}){a} > ({u}){b} ? {a} : {b}"),
        })
    }

    fn float_binary(&mut self, op: OpId, m: &str) -> Result<String, Diagnostic> {
        let f32 = match self.operand_scalar(op, 0)? {
            Scalar::F32 => true,
            Scalar::F64 => false,
            _ => return Err(self.error(op, "operand #0 is not f32 or f64")),
        };
        let (a, b) = (self.operand(op, 0)?, self.operand(op, 1)?);
        let suffix = if f32 { "f" } else { "" };
        Ok(match m {
            "addf" => format!("{a} + {b}"),
            "subf" => format!("{a} - {b}"),
            "mulf" => format!("{a} * {b}"),
            "divf" => format!("{a} / {b}"),
            "remf" => format!("fmod{suffix}({a}, {b})"),
            "maxnumf" => format!("fmax{suffix}({a}, {b})"),
            "minnumf" => format!("fmin{suffix}({a}, {b})"),
            _ => {
                let (helper, c_name) = match (m, f32) {
                    ("maximumf", true) => (Helper::MaximumF32, "lockstep_maximumf"),
                    ("maximumf", false) => (Helper::MaximumF64, "lockstep_maximum"),
                    (_, true) => (Helper::MinimumF32, "lockstep_minimumf"),
                    (_, false) => (Helper::MinimumF64, "lockstep_minimum"),
                };
                self.helpers.insert(helper);
                format!("{c_name}({a}, {b})")
            }
        })
    }

    fn predicate(&self, op: OpId) -> Result<i64, Diagnostic> {
        self.ctx
            .int_attr_of(op, "predicate")
            .ok_or_else(|| self.error(op, "has no integer 'predicate'"))
    }

    fn cmpi(&mut self, op: OpId) -> Result<String, Diagnostic> {
        let pred = CmpIPredicate::from_i64(self.predicate(op)?)
            .ok_or_else(|| self.error(op, "has an unknown predicate"))?;
        let w = self.int_width(op, 0)?;
        let (a, b) = (self.operand(op, 0)?, self.operand(op, 1)?);
        use CmpIPredicate::*;
        let (sa, sb) = if w == 1 {
            // i1 is signed -1 when true.
            (format!("-(int){a}"), format!("-(int){b}"))
        } else {
            (a.clone(), b.clone())
        };
        let u = if w == 1 {
            "unsigned int"
        } else {
            unsigned_c(w)
        };
        let (ua, ub) = (format!("({u}){a}"), format!("({u}){b}"));
        Ok(match pred {
            Eq => format!("{a} == {b}"),
            Ne => format!("{a} != {b}"),
            Slt => format!("{sa} < {sb}"),
            Sle => format!("{sa} <= {sb}"),
            Sgt => format!("{sa} > {sb}"),
            Sge => format!("{sa} >= {sb}"),
            Ult => format!("{ua} < {ub}"),
            Ule => format!("{ua} <= {ub}"),
            Ugt => format!("{ua} > {ub}"),
            Uge => format!("{ua} >= {ub}"),
        })
    }

    fn cmpf(&mut self, op: OpId) -> Result<String, Diagnostic> {
        let pred = CmpFPredicate::from_i64(self.predicate(op)?)
            .ok_or_else(|| self.error(op, "has an unknown predicate"))?;
        let (a, b) = (self.operand(op, 0)?, self.operand(op, 1)?);
        use CmpFPredicate::*;
        // C's relational operators are the ordered predicates (false on
        // NaN); the unordered ones are negations of the opposite ordered one.
        Ok(match pred {
            AlwaysFalse => "false".to_string(),
            Oeq => format!("{a} == {b}"),
            Ogt => format!("{a} > {b}"),
            Oge => format!("{a} >= {b}"),
            Olt => format!("{a} < {b}"),
            Ole => format!("{a} <= {b}"),
            One => format!("({a} < {b} || {a} > {b})"),
            Ord => format!("(!isnan({a}) && !isnan({b}))"),
            Ueq => format!("!({a} < {b} || {a} > {b})"),
            Ugt => format!("!({a} <= {b})"),
            Uge => format!("!({a} < {b})"),
            Ult => format!("!({a} >= {b})"),
            Ule => format!("!({a} > {b})"),
            Une => format!("{a} != {b}"),
            Uno => format!("(isnan({a}) || isnan({b}))"),
            AlwaysTrue => "true".to_string(),
        })
    }

    fn cast(&mut self, op: OpId, m: &str) -> Result<String, Diagnostic> {
        let from = self.operand_scalar(op, 0)?;
        let to = self.result_scalar(op)?;
        let a = self.operand(op, 0)?;
        let to_c = to.c_type();
        let bad = || self.error(op, "has operand or result types host-c does not handle");
        Ok(match (m, from, to) {
            ("extsi" | "index_cast", Scalar::Int(wf), Scalar::Int(wt)) if wt >= wf => {
                if wf == 1 {
                    format!("({to_c})-(int){a}")
                } else {
                    format!("({to_c}){a}")
                }
            }
            ("extui" | "index_castui", Scalar::Int(wf), Scalar::Int(wt)) if wt >= wf => {
                format!("({to_c})({}){a}", unsigned_c(wf))
            }
            ("trunci" | "index_cast" | "index_castui", Scalar::Int(_), Scalar::Int(wt)) => {
                if wt == 1 {
                    format!("({a} & 1) != 0")
                } else {
                    format!("({to_c})({}){a}", unsigned_c(wt))
                }
            }
            ("sitofp", Scalar::Int(wf), Scalar::F32 | Scalar::F64) => {
                if wf == 1 {
                    format!("({to_c})-(int){a}")
                } else {
                    format!("({to_c}){a}")
                }
            }
            ("uitofp", Scalar::Int(wf), Scalar::F32 | Scalar::F64) => {
                format!("({to_c})({}){a}", unsigned_c(wf))
            }
            ("fptosi", Scalar::F32 | Scalar::F64, Scalar::Int(_)) => format!("({to_c}){a}"),
            ("fptoui", Scalar::F32 | Scalar::F64, Scalar::Int(wt)) => {
                format!("({to_c})({}){a}", unsigned_c(wt))
            }
            ("extf" | "truncf", Scalar::F32 | Scalar::F64, Scalar::F32 | Scalar::F64) => {
                if m == "truncf" && self.ctx.attr_of(op, "roundingmode").is_some() {
                    return Err(self.error(op, "with a rounding mode is not supported by host-c"));
                }
                format!("({to_c}){a}")
            }
            _ => return Err(bad()),
        })
    }

    fn math(&mut self, op: OpId, name: &str) -> Result<(), Diagnostic> {
        if self.result_name(op).is_none() {
            return Ok(());
        }
        let f32 = match self.operand_scalar(op, 0)? {
            Scalar::F32 => true,
            Scalar::F64 => false,
            _ => return Err(self.error(op, "operand #0 is not f32 or f64")),
        };
        let a = self.operand(op, 0)?;
        let suffix = if f32 { "f" } else { "" };
        let expr = match &name["math.".len()..] {
            "sqrt" => format!("sqrt{suffix}({a})"),
            "rsqrt" => {
                let one = if f32 { "1.0f" } else { "1.0" };
                format!("{one} / sqrt{suffix}({a})")
            }
            "exp" => format!("exp{suffix}({a})"),
            "log" => format!("log{suffix}({a})"),
            "sin" => format!("sin{suffix}({a})"),
            "cos" => format!("cos{suffix}({a})"),
            "absf" => format!("fabs{suffix}({a})"),
            "floor" => format!("floor{suffix}({a})"),
            "ceil" => format!("ceil{suffix}({a})"),
            _ => return Err(self.unsupported(op)),
        };
        self.set(op, &expr);
        Ok(())
    }

    fn call(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let call = CallOp(op);
        let callee = call
            .callee(ctx)
            .map(|s| ctx.str(s).to_string())
            .ok_or_else(|| self.error(op, "has no flat 'callee'"))?;
        if call.resolve(ctx).is_none() {
            return Err(self.error(
                op,
                format!("calls @{callee}, which is not a host func.func of this module"),
            ));
        }
        if ctx.results(op).len() > 1 {
            return Err(self.error(op, "returns more than one value"));
        }
        let c_name = self.c_names.get(&callee).cloned().ok_or_else(|| {
            self.error(op, format!("calls @{callee}, which is not in this module"))
        })?;
        let mut args = Vec::new();
        for i in 0..ctx.operands(op).len() {
            args.push(self.operand(op, i)?);
        }
        self.callees.insert(callee);
        let expr = format!("{c_name}({})", args.join(", "));
        match self.result_name(op) {
            Some(r) => self.line(&format!("{r} = {expr};")),
            None => self.line(&format!("{expr};")),
        }
        Ok(())
    }

    fn ret(&mut self, op: OpId) -> Result<(), Diagnostic> {
        match self.ctx.operands(op).len() {
            0 => self.line("return;"),
            1 => {
                let v = self.operand(op, 0)?;
                self.line(&format!("return {v};"));
            }
            _ => return Err(self.error(op, "returns more than one value")),
        }
        Ok(())
    }

    fn label(&self, op: OpId, b: BlockId) -> Result<String, Diagnostic> {
        self.labels
            .get(&b)
            .cloned()
            .ok_or_else(|| self.error(op, "branches to a block outside the function body's CFG"))
    }

    /// Copies the successor operands into `dest`'s arguments, then jumps.
    fn jump(&mut self, op: OpId, dest: BlockId, operands: &[ValueId]) -> Result<(), Diagnostic> {
        let label = self.label(op, dest)?;
        let args = self.ctx.block_args(dest).to_vec();
        self.parallel_copy(&args, operands, op)?;
        if self.depth == 1 && self.fallthrough == Some(dest) {
            return Ok(());
        }
        self.used_labels.insert(dest);
        self.line(&format!("goto {label};"));
        Ok(())
    }

    fn br(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let dest = *ctx
            .successors(op)
            .first()
            .ok_or_else(|| self.error(op, "has no successor"))?;
        let operands = ctx.successor_operands(op, 0).to_vec();
        self.jump(op, dest, &operands)
    }

    fn cond_br(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let succ = ctx.successors(op);
        if succ.len() != 2 {
            return Err(self.error(op, "does not have two successors"));
        }
        let (t, f) = (succ[0], succ[1]);
        let cond = self.operand(op, 0)?;
        let t_ops = ctx.successor_operands(op, 0).to_vec();
        let f_ops = ctx.successor_operands(op, 1).to_vec();
        self.line(&format!("if ({cond}) {{"));
        self.depth += 1;
        self.jump(op, t, &t_ops)?;
        self.depth -= 1;
        self.line("}");
        self.jump(op, f, &f_ops)
    }

    fn switch(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let sw = lockstep_cf::SwitchOp(op);
        let flag = self.operand(op, 0)?;
        let w = self.int_width(op, 0)?;
        let default = sw
            .default_dest(ctx)
            .ok_or_else(|| self.error(op, "has no default destination"))?;
        self.line(&format!("switch ({flag}) {{"));
        for (k, value) in sw.case_values(ctx).into_iter().enumerate() {
            let dest = sw
                .case_dest(ctx, k)
                .ok_or_else(|| self.error(op, format!("has no destination for case #{k}")))?;
            let operands = sw.case_operands(ctx, k).to_vec();
            self.line(&format!("case {}: {{", int_literal(w, value)));
            self.depth += 1;
            self.jump(op, dest, &operands)?;
            self.depth -= 1;
            self.line("}");
        }
        self.line("default: {");
        self.depth += 1;
        let operands = sw.default_operands(ctx).to_vec();
        self.jump(op, default, &operands)?;
        self.depth -= 1;
        self.line("}");
        self.line("}");
        Ok(())
    }

    fn assert(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let cond = self.operand(op, 0)?;
        let msg = match self.ctx.attr_of(op, "msg").map(|a| self.ctx.attr_data(a)) {
            Some(AttrData::String(s)) => self.ctx.str(*s).to_string(),
            _ => String::new(),
        };
        let at = self.where_text(op);
        self.line(&format!("if (!{cond}) {{"));
        self.depth += 1;
        self.line(&format!(
            "fprintf(stderr, \"%s: assertion failed: %s\\n\", {at}, {});",
            c_string(&msg)
        ));
        self.line("abort();");
        self.depth -= 1;
        self.line("}");
        Ok(())
    }

    // ----- scf -----

    fn yield_operands(&self, parent: OpId, term: Option<OpId>) -> Result<Vec<ValueId>, Diagnostic> {
        match term {
            Some(t) if self.ctx.isa(t, &lockstep_scf::YIELD) => Ok(self.ctx.operands(t).to_vec()),
            None => Ok(Vec::new()),
            Some(t) => Err(self.error(
                parent,
                format!(
                    "region ends in '{}' instead of scf.yield",
                    self.ctx.name_of(t)
                ),
            )),
        }
    }

    fn scf_if(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let cond = self.operand(op, 0)?;
        let results = ctx.results(op).to_vec();
        let regions = ctx.regions(op).to_vec();
        self.line(&format!("if ({cond}) {{"));
        for (i, &r) in regions.iter().enumerate() {
            if i == 1 {
                if ctx.region_blocks(r).is_empty() {
                    break;
                }
                self.line("} else {");
            }
            self.depth += 1;
            let term = self.emit_structured_block(op, r)?;
            let yielded = self.yield_operands(op, term)?;
            if !results.is_empty() {
                self.parallel_copy(&results, &yielded, op)?;
            }
            self.depth -= 1;
        }
        self.line("}");
        Ok(())
    }

    fn scf_for(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let f = lockstep_scf::ForOp(op);
        let (Some(body), Some(iv)) = (f.body_block(ctx), f.induction_var(ctx)) else {
            return Err(self.error(op, "has no body block with an induction variable"));
        };
        let w = match self.scalar_of(iv, op)? {
            Scalar::Int(w) if w > 1 => w,
            _ => return Err(self.error(op, "has an induction variable that is not an integer")),
        };
        let (lb, ub, step) = (
            self.operand(op, 0)?,
            self.operand(op, 1)?,
            self.operand(op, 2)?,
        );
        let iter_args = ctx.block_args(body)[1..].to_vec();
        let inits = f.init_args(ctx).to_vec();
        let results = ctx.results(op).to_vec();
        self.parallel_copy(&iter_args, &inits, op)?;
        let i = self.var(iv, op)?;
        let cmp = if f.is_unsigned(ctx) {
            let u = unsigned_c(w);
            format!("({u}){i} < ({u}){ub}")
        } else {
            format!("{i} < {ub}")
        };
        let (s, wide) = (signed_c(w), wrap_c(w));
        self.line(&format!(
            "for ({i} = {lb}; {cmp}; {i} = ({s})(({wide}){i} + ({wide}){step})) {{"
        ));
        self.depth += 1;
        let region = ctx.region(op, 0);
        let term = self.emit_structured_block(op, region)?;
        let yielded = self.yield_operands(op, term)?;
        self.parallel_copy(&iter_args, &yielded, op)?;
        self.depth -= 1;
        self.line("}");
        self.parallel_copy(&results, &iter_args, op)
    }

    fn scf_while(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let w = lockstep_scf::WhileOp(op);
        let (Some(before), Some(after)) = (w.before_block(ctx), w.after_block(ctx)) else {
            return Err(self.error(op, "does not have a before and an after block"));
        };
        let before_args = ctx.block_args(before).to_vec();
        let after_args = ctx.block_args(after).to_vec();
        let results = ctx.results(op).to_vec();
        let inits = w.inits(ctx).to_vec();
        self.parallel_copy(&before_args, &inits, op)?;
        self.line("for (;;) {");
        self.depth += 1;
        let before_region = ctx.region(op, 0);
        let cond_op = match self.emit_structured_block(op, before_region)? {
            Some(t) if ctx.isa(t, &lockstep_scf::CONDITION) => t,
            _ => return Err(self.error(op, "'before' region does not end in scf.condition")),
        };
        let cond = self.operand(cond_op, 0)?;
        let forwarded = ctx.operands(cond_op)[1..].to_vec();
        self.line(&format!("if (!{cond}) {{"));
        self.depth += 1;
        self.parallel_copy(&results, &forwarded, op)?;
        self.line("break;");
        self.depth -= 1;
        self.line("}");
        self.parallel_copy(&after_args, &forwarded, op)?;
        let after_region = ctx.region(op, 1);
        let term = self.emit_structured_block(op, after_region)?;
        let yielded = self.yield_operands(op, term)?;
        self.parallel_copy(&before_args, &yielded, op)?;
        self.depth -= 1;
        self.line("}");
        Ok(())
    }

    // ----- host -----

    fn host(&mut self, op: OpId, name: &str) -> Result<(), Diagnostic> {
        let at = self.where_text(op);
        match &name["host.".len()..] {
            "device_alloc" => {
                if self.result_name(op).is_some() {
                    self.helpers.insert(Helper::DeviceAlloc);
                    let bytes = self.operand(op, 0)?;
                    self.set(op, &format!("lockstep_device_alloc({bytes}, {at})"));
                }
            }
            "device_free" => {
                self.helpers.insert(Helper::DeviceFree);
                let p = self.operand(op, 0)?;
                self.line(&format!("lockstep_device_free({p}, {at});"));
            }
            "memcpy" => {
                let kind = memcpy_kind(self.ctx, op)
                    .ok_or_else(|| self.error(op, "has no valid 'kind'"))?;
                let (d, s, n) = (
                    self.operand(op, 0)?,
                    self.operand(op, 1)?,
                    self.operand(op, 2)?,
                );
                let (helper, c_name) = match kind {
                    MemcpyKind::HostToHost => {
                        self.line(&format!("if ({n} > 0) {{"));
                        self.depth += 1;
                        self.line(&format!("memcpy({d}, {s}, (size_t){n});"));
                        self.depth -= 1;
                        self.line("}");
                        return Ok(());
                    }
                    MemcpyKind::HostToDevice => (Helper::MemcpyHtoD, "lockstep_memcpy_htod"),
                    MemcpyKind::DeviceToHost => (Helper::MemcpyDtoH, "lockstep_memcpy_dtoh"),
                    MemcpyKind::DeviceToDevice => (Helper::MemcpyDtoD, "lockstep_memcpy_dtod"),
                };
                self.helpers.insert(helper);
                self.line(&format!("{c_name}({d}, {s}, {n}, {at});"));
            }
            "alloc" => {
                let bytes = self.operand(op, 0)?;
                self.set(op, &format!("malloc((size_t){bytes})"));
            }
            "free" => {
                let p = self.operand(op, 0)?;
                self.line(&format!("free({p});"));
            }
            "alloca" => {
                let size = self
                    .ctx
                    .int_attr_of(op, "size")
                    .filter(|&s| s >= 0)
                    .ok_or_else(|| self.error(op, "has no valid 'size'"))?;
                let align = self.ctx.int_attr_of(op, "alignment").unwrap_or(16);
                if align <= 0 || align & (align - 1) != 0 {
                    return Err(
                        self.error(op, format!("has alignment {align}, not a power of two"))
                    );
                }
                if let Some(r) = self.result_name(op) {
                    let storage = format!("lockstep_alloca{}", self.allocas);
                    self.allocas += 1;
                    // One buffer per op for the whole call, as `alloca` in the
                    // entry block; C arrays cannot have size 0.
                    self.decls.push(format!(
                        "_Alignas({align}) char {storage}[{}];",
                        size.max(1)
                    ));
                    self.line(&format!("{r} = {storage};"));
                }
            }
            "ptradd" => {
                let (p, off) = (self.operand(op, 0)?, self.operand(op, 1)?);
                self.set(op, &format!("{p} + {off}"));
            }
            "load" => {
                if let Some(r) = self.result_name(op) {
                    let p = self.operand(op, 0)?;
                    self.line(&format!("memcpy(&{r}, {p}, sizeof {r});"));
                }
            }
            "store" => {
                let (v, p) = (self.address_of(op, 0)?, self.operand(op, 1)?);
                let ty = self.operand_scalar(op, 0)?.c_type();
                self.line(&format!("memcpy({p}, {v}, sizeof({ty}));"));
            }
            "launch" => self.launch(op, &at)?,
            "synchronize" => {
                self.helpers.insert(Helper::Synchronize);
                self.line(&format!("lockstep_synchronize({at});"));
            }
            "printf" => self.printf(op)?,
            _ => return Err(self.unsupported(op)),
        }
        Ok(())
    }

    fn launch(&mut self, op: OpId, at: &str) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let launch = LaunchOp(op);
        let (module, kernel) = launch
            .kernel_ref(ctx)
            .map(|(m, k)| (ctx.str(m).to_string(), ctx.str(k).to_string()))
            .ok_or_else(|| self.error(op, "has no @module::@kernel reference"))?;
        let Some(k) = self
            .kernels
            .iter()
            .find(|k| k.name == kernel && k.module == module)
        else {
            return Err(self.error(
                op,
                format!(
                    "launches @{module}::@{kernel}, which is not a device.kernel of this module"
                ),
            ));
        };
        if launch.args(ctx).len() != k.params.len() {
            return Err(self.error(
                op,
                format!(
                    "passes {} arguments to @{kernel}, which takes {}",
                    launch.args(ctx).len(),
                    k.params.len()
                ),
            ));
        }
        let dims = |vals: &[ValueId]| -> Result<String, Diagnostic> {
            let parts = vals
                .iter()
                .map(|&v| self.var(v, op).map(|n| format!("(unsigned int){n}")))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(format!("(lockstep_dim3){{{}}}", parts.join(", ")))
        };
        let grid = dims(launch.grid(ctx))?;
        let block = dims(launch.block(ctx))?;
        let shmem = launch
            .dynamic_shared_memory_size(ctx)
            .ok_or_else(|| self.error(op, "has no dynamic shared memory size"))?;
        let shmem = self.var(shmem, op)?;
        let mut args = vec![
            "NULL".to_string(),
            grid,
            block,
            format!("(unsigned int){shmem}"),
        ];
        for &a in launch.args(ctx) {
            args.push(self.var(a, op)?);
        }
        self.helpers.insert(Helper::CheckLaunch);
        self.line(&format!(
            "lockstep_check_launch(lockstep_launch_{kernel}({}), {at});",
            args.join(", ")
        ));
        Ok(())
    }

    fn printf(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let format = printf_format(self.ctx, op)
            .ok_or_else(|| self.error(op, "has no 'format' string"))?
            .to_string();
        let expected = expected_args(format.as_bytes())
            .map_err(|e| self.error(op, format!("has a format host-c cannot check: {e}")))?;
        let operands = self.ctx.operands(op).to_vec();
        if expected.len() != operands.len() {
            return Err(self.error(
                op,
                format!(
                    "has a format that takes {} arguments but {} operands",
                    expected.len(),
                    operands.len()
                ),
            ));
        }
        let mut args = vec![c_string(&format)];
        for (&v, want) in operands.iter().zip(&expected) {
            let name = self.var(v, op)?;
            let ty = self.scalar_of(v, op)?;
            args.push(match (want, ty) {
                (
                    PrintfArg::Integer(c) | PrintfArg::Float(c),
                    Scalar::Int(_) | Scalar::F32 | Scalar::F64,
                ) => {
                    format!("({c}){name}")
                }
                (PrintfArg::Pointer, Scalar::HostPtr) => format!("(void *){name}"),
                (PrintfArg::Pointer, Scalar::DevicePtr) => format!("(void *)(uintptr_t){name}"),
                (PrintfArg::String, Scalar::HostPtr) => format!("(const char *){name}"),
                _ => {
                    return Err(self.error(
                        op,
                        format!(
                            "passes {} where its format expects {want:?}",
                            type_to_string(self.ctx, self.ctx.value_type(v))
                        ),
                    ));
                }
            });
        }
        self.line(&format!("printf({});", args.join(", ")));
        Ok(())
    }
}

const HELPER_CHECK: &str = r#"/* Exits with the source location and the failed driver call when `status` is an error. */
static void lockstep_check(CUresult status, const char *call, const char *where) {
  if (status == CUDA_SUCCESS) {
    return;
  }
  const char *name = NULL;
  if (cuGetErrorName(status, &name) != CUDA_SUCCESS || name == NULL) {
    name = "unknown CUresult";
  }
  fprintf(stderr, "%s: %s failed: %s (%d)\n", where, call, name, (int)status);
  exit(1);
}
"#;

const HELPER_READY: &str = r#"/* The driver is initialized and this thread has a context before any driver call. */
static void lockstep_ready(const char *where) {
  if (lockstep_init() != CUDA_SUCCESS) {
    fprintf(stderr, "%s: %s\n", where, lockstep_last_error());
    exit(1);
  }
}
"#;

const HELPER_DEVICE_ALLOC: &str = r#"/* cudaMalloc: 0 bytes give address 0, as cudaMalloc gives NULL. */
static CUdeviceptr lockstep_device_alloc(int64_t bytes, const char *where) {
  CUdeviceptr ptr = 0;
  lockstep_ready(where);
  if (bytes > 0) {
    lockstep_check(cuMemAlloc(&ptr, (size_t)bytes), "cuMemAlloc", where);
  }
  return ptr;
}
"#;

const HELPER_DEVICE_FREE: &str = r#"/* cudaFree: freeing address 0 does nothing. */
static void lockstep_device_free(CUdeviceptr ptr, const char *where) {
  if (ptr != 0) {
    lockstep_ready(where);
    lockstep_check(cuMemFree(ptr), "cuMemFree", where);
  }
}
"#;

const HELPER_MEMCPY_HTOD: &str = r#"static void lockstep_memcpy_htod(CUdeviceptr dst, const char *src, int64_t bytes,
                                 const char *where) {
  if (bytes > 0) {
    lockstep_ready(where);
    lockstep_check(cuMemcpyHtoD(dst, src, (size_t)bytes), "cuMemcpyHtoD", where);
  }
}
"#;

const HELPER_MEMCPY_DTOH: &str = r#"static void lockstep_memcpy_dtoh(char *dst, CUdeviceptr src, int64_t bytes, const char *where) {
  if (bytes > 0) {
    lockstep_ready(where);
    lockstep_check(cuMemcpyDtoH(dst, src, (size_t)bytes), "cuMemcpyDtoH", where);
  }
}
"#;

const HELPER_MEMCPY_DTOD: &str = r#"static void lockstep_memcpy_dtod(CUdeviceptr dst, CUdeviceptr src, int64_t bytes,
                                 const char *where) {
  if (bytes > 0) {
    lockstep_ready(where);
    lockstep_check(cuMemcpyDtoD(dst, src, (size_t)bytes), "cuMemcpyDtoD", where);
  }
}
"#;

const HELPER_SYNCHRONIZE: &str = r#"/* cudaDeviceSynchronize; also reports errors of kernels that already ran. */
static void lockstep_synchronize(const char *where) {
  lockstep_ready(where);
  lockstep_check(cuCtxSynchronize(), "cuCtxSynchronize", where);
}
"#;

const HELPER_CHECK_LAUNCH: &str = r#"/* Exits with the source location and the glue's message when a launch failed. */
static void lockstep_check_launch(CUresult status, const char *where) {
  if (status != CUDA_SUCCESS) {
    fprintf(stderr, "%s: %s\n", where, lockstep_last_error());
    exit(1);
  }
}
"#;

const HELPER_MINIMUM_F32: &str = r#"/* arith.minimumf: NaN if either is NaN, and -0 < +0. */
static float lockstep_minimumf(float a, float b) {
  if (isnan(a) || isnan(b)) {
    return a + b;
  }
  if (a == b) {
    return signbit(a) ? a : b;
  }
  return a < b ? a : b;
}
"#;

const HELPER_MAXIMUM_F32: &str = r#"/* arith.maximumf: NaN if either is NaN, and -0 < +0. */
static float lockstep_maximumf(float a, float b) {
  if (isnan(a) || isnan(b)) {
    return a + b;
  }
  if (a == b) {
    return signbit(a) ? b : a;
  }
  return a > b ? a : b;
}
"#;

const HELPER_MINIMUM_F64: &str = r#"/* arith.minimumf on f64. */
static double lockstep_minimum(double a, double b) {
  if (isnan(a) || isnan(b)) {
    return a + b;
  }
  if (a == b) {
    return signbit(a) ? a : b;
  }
  return a < b ? a : b;
}
"#;

const HELPER_MAXIMUM_F64: &str = r#"/* arith.maximumf on f64. */
static double lockstep_maximum(double a, double b) {
  if (isnan(a) || isnan(b)) {
    return a + b;
  }
  if (a == b) {
    return signbit(a) ? b : a;
  }
  return a > b ? a : b;
}
"#;
