//! Semantic analysis and IR generation, in one walk over the syntax tree.
//!
//! Invariants:
//! - Scalar locals whose address is never taken live in SSA values only:
//!   the SSA form is built while lowering, following Braun et al. (2013),
//!   "Simple and Efficient Construction of SSA Form": a block is *sealed*
//!   once all its predecessors are known; reading a variable in an unsealed
//!   block creates an incomplete φ, which is a block argument here; trivial
//!   φs are removed when the function is finished.
//! - Branches are recorded as pending terminators and only created when the
//!   function is finished, because the operands they forward (one per
//!   surviving φ of the target) are only known then. Returns are created at
//!   once.
//! - Blocks that turn out unreachable (code after `return`, `break`, ...)
//!   are erased before the branches are created, so φ operands never come
//!   from dead code.
//! - Every op gets the location of its source construct; a branch gets the
//!   location of its condition.
//! - Errors are returned as located [`Diagnostic`]s; on error the partially
//!   built IR is left to the caller to discard.
//! - A `__restrict__` pointer parameter of a kernel or device function gets
//!   the argument attribute `device.restrict` (in `arg_attrs`, as
//!   `func.func` carries them), which alias analysis reads; host functions
//!   and non-pointer parameters get none, and a function with no restrict
//!   parameter has no `arg_attrs` at all.

mod builtins;
mod expr;
mod stmt;

use crate::ast::{self, Expr, ExprKind, FuncDef, Item, Span, Stmt};
use crate::preprocess::OffsetMap;
use crate::types::{CType, Space};
use lockstep_ir::attrs::AttrData;
use lockstep_ir::{
    AttrId, BlockId, Context, Diagnostic, InsertPoint, LocId, OpId, OperationState, RegionId,
    Rewriter, TypeData, TypeId, ValueId,
};
// Fx hashing: the keys are small ids and names, hashed on every variable
// read; nothing here iterates a map in an order that reaches the output.
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

pub(crate) type R<T> = Result<T, Diagnostic>;

/// Where a function may run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum FnKind {
    Host,
    Device,
    Kernel,
    HostDevice,
}

/// The code being generated: host code or device code.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    Host,
    Device,
}

#[derive(Clone, Debug)]
pub(crate) struct Sig {
    pub kind: FnKind,
    pub ret: CType,
    /// Parameter types as written (pointer spaces filled in per mode).
    pub params: Vec<CType>,
    pub defined: bool,
}

impl Sig {
    /// The parameter types as seen from code of `mode`.
    pub fn params_in(&self, mode: Mode) -> Vec<CType> {
        self.params
            .iter()
            .map(|t| with_space(t, self.param_space(mode)))
            .collect()
    }
    pub fn ret_in(&self, mode: Mode) -> CType {
        with_space(&self.ret, self.param_space(mode))
    }
    fn param_space(&self, mode: Mode) -> Space {
        match (self.kind, mode) {
            (FnKind::Kernel, _) => Space::Global,
            (_, Mode::Host) => Space::Host,
            (_, Mode::Device) => Space::Generic,
        }
    }
}

/// `t` with every pointer's space set to `s`.
pub(crate) fn with_space(t: &CType, s: Space) -> CType {
    match t {
        CType::Ptr(p, _, v) => CType::Ptr(Box::new(with_space(p, s)), s, *v),
        CType::Array(e, n) => CType::Array(Box::new(with_space(e, s)), *n),
        t => t.clone(),
    }
}

/// A value of the source language.
#[derive(Clone, Debug)]
pub(crate) struct Val {
    pub v: ValueId,
    pub ty: CType,
    /// The y and z components of a `dim3` (x is `v`).
    pub yz: Option<(ValueId, ValueId)>,
}

/// Where a variable lives.
#[derive(Clone, Debug)]
pub(crate) enum Storage {
    Ssa(usize),
    Dim3([usize; 3]),
    /// Memory at this address (arrays, address-taken scalars, shared).
    Mem(ValueId, Space),
}

#[derive(Clone, Debug)]
pub(crate) struct Var {
    pub ty: CType,
    pub storage: Storage,
    /// The value of a `const` integer initialised with a constant.
    pub const_value: Option<i128>,
}

/// An assignable place.
#[derive(Clone, Debug)]
pub(crate) enum Place {
    Ssa(usize),
    Dim3(usize),
    Mem(ValueId, Space, bool),
}

#[derive(Clone, Debug)]
pub(crate) struct LVal {
    pub place: Place,
    pub ty: CType,
}

#[derive(Clone, Debug)]
enum Term {
    Br(usize),
    CondBr(ValueId, usize, usize),
}

struct BInfo {
    id: BlockId,
    preds: Vec<usize>,
    sealed: bool,
    incomplete: Vec<(usize, usize)>,
    term: Option<(Term, LocId)>,
}

struct Phi {
    block: usize,
    value: ValueId,
    operands: Vec<(usize, ValueId)>,
    removed: bool,
}

struct SsaVarInfo {
    ty: TypeId,
    name: String,
    loc: LocId,
}

/// Per-function state.
#[derive(Default)]
pub(crate) struct FnState {
    pub name: String,
    pub mode: Option<Mode>,
    pub kind: Option<FnKind>,
    pub ret: Option<CType>,
    blocks: Vec<BInfo>,
    pub cur: usize,
    region: Option<RegionId>,
    ssa_vars: Vec<SsaVarInfo>,
    defs: HashMap<(usize, usize), ValueId>,
    phis: Vec<Phi>,
    /// The φ each block argument stands for (index into `phis`).
    phi_of: HashMap<ValueId, usize>,
    replaced: HashMap<ValueId, ValueId>,
    undefs: Vec<(OpId, usize)>,
    pub scopes: Vec<HashMap<String, Var>>,
    /// (break target, continue target).
    pub loops: Vec<(usize, usize)>,
    /// Names whose address is taken somewhere in the function.
    pub addr_taken: HashSet<String>,
    /// Host code: names of pointer variables that hold device pointers.
    pub device_ptrs: HashSet<String>,
}

pub(crate) struct Lower<'a> {
    pub rw: Rewriter<'a>,
    file: String,
    src: &'a str,
    line_starts: Vec<usize>,
    map: &'a OffsetMap,
    pub sigs: HashMap<String, Sig>,
    pub globals: HashMap<String, (CType, Expr)>,
    module_block: BlockId,
    dev_module: Option<(OpId, BlockId)>,
    shared_syms: HashSet<String>,
    /// `file` interned once.
    file_sym: lockstep_ir::Sym,
    /// The last location made and its preprocessed offset: an expression
    /// and its operator often ask for the same one, and locations are
    /// compared by content, so sharing an id prints the same.
    last_loc: std::cell::Cell<Option<(u32, LocId)>>,
    /// The line of the last location made (an index into `line_starts`).
    last_line: std::cell::Cell<usize>,
    pub f: FnState,
}

/// Lowers a parsed translation unit into a new `builtin.module`.
pub fn lower(
    ctx: &mut Context,
    file: &str,
    src: &str,
    map: &OffsetMap,
    items: &[Item],
) -> Result<OpId, Diagnostic> {
    let mut line_starts = vec![0];
    line_starts.extend(
        src.bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .map(|(i, _)| i + 1),
    );
    let loc = ctx.file_loc(file, 1, 1);
    let file_sym = ctx.sym(file);
    let mut rw = Rewriter::new(ctx);
    let region = rw.new_region();
    let block = rw.create_block(region, &[], None);
    let st = OperationState::new(rw.ctx.op_name("builtin.module"), loc).regions(&[region]);
    let module = rw.create(st);
    let mut l = Lower {
        rw,
        file: file.to_string(),
        src,
        line_starts,
        map,
        sigs: HashMap::default(),
        globals: HashMap::default(),
        module_block: block,
        dev_module: None,
        shared_syms: HashSet::default(),
        file_sym,
        last_loc: Default::default(),
        last_line: Default::default(),
        f: FnState::default(),
    };
    l.collect(items)?;
    l.check_device_recursion(items)?;
    for it in items {
        if let Item::Func(fd) = it
            && fd.body.is_some()
        {
            let kind = l.sigs.get(&fd.name).map(|s| s.kind);
            match kind {
                Some(FnKind::Host) => l.function(fd, Mode::Host)?,
                Some(FnKind::Device | FnKind::Kernel) => l.function(fd, Mode::Device)?,
                Some(FnKind::HostDevice) => {
                    l.function(fd, Mode::Device)?;
                    l.function(fd, Mode::Host)?;
                }
                None => {}
            }
        }
    }
    Ok(module)
}

impl<'a> Lower<'a> {
    // ----- locations and diagnostics -----

    /// The source location of a byte offset of the preprocessed text.
    pub fn loc(&self, pos: u32) -> LocId {
        if let Some((p, l)) = self.last_loc.get()
            && p == pos
        {
            return l;
        }
        let off = self.map.to_input(pos as usize).min(self.src.len());
        // Consecutive requests are mostly on the same line.
        let ls = &self.line_starts;
        let near = self.last_line.get();
        let line = if ls[near] <= off && ls.get(near + 1).is_none_or(|&n| off < n) {
            near
        } else {
            ls.partition_point(|&s| s <= off) - 1
        };
        self.last_line.set(line);
        let col = off - ls[line] + 1;
        let l = self.rw.ctx().add_loc(lockstep_ir::LocData::FileLineCol {
            file: self.file_sym,
            line: line as u32 + 1,
            col: col as u32,
        });
        self.last_loc.set(Some((pos, l)));
        l
    }

    pub fn err<T>(&self, pos: u32, msg: impl Into<String>) -> R<T> {
        Err(Diagnostic::error(self.loc(pos), msg))
    }

    pub fn ctx(&self) -> &Context {
        self.rw.ctx()
    }

    // ----- types -----

    pub fn host_ptr_type(&self) -> TypeId {
        let c = self.ctx();
        c.ty(TypeData::Opaque {
            dialect: c.static_sym("host"),
            body: c.static_sym("ptr"),
        })
    }

    pub fn dev_ptr_type(&self, s: Space) -> TypeId {
        use lockstep_device::AddressSpace as A;
        let a = match s {
            Space::Global => A::Global,
            Space::Shared => A::Shared,
            Space::Local => A::Local,
            _ => A::Generic,
        };
        lockstep_device::ptr_type(self.ctx(), a)
    }

    /// The IR type of a value of type `t` (arrays as their decayed pointer).
    pub fn ir_type(&self, t: &CType) -> TypeId {
        let c = &self.ctx().common;
        match t {
            CType::Void => c.none,
            CType::Bool => c.i1,
            CType::Int { bits, .. } => self.ctx().int_type(u32::from(*bits)),
            CType::Float => c.f32,
            CType::Double => c.f64,
            CType::Ptr(_, Space::Host, _) => self.host_ptr_type(),
            CType::Ptr(_, s, _) => self.dev_ptr_type(*s),
            CType::Array(..) => self.dev_ptr_type(Space::Generic),
            CType::Dim3 => c.i32,
        }
    }

    /// The IR type of `t` in memory (`bool` is a byte).
    pub fn mem_type(&self, t: &CType) -> TypeId {
        match t {
            CType::Bool => self.ctx().common.i8,
            t => self.ir_type(t),
        }
    }

    /// The type named by declaration specifiers.
    pub fn base_type(&self, specs: &ast::Specs) -> R<CType> {
        let words: Vec<&str> = specs.words.iter().map(|(w, _)| w.as_str()).collect();
        let pos = specs.words.first().map_or(specs.span.start, |w| w.1.start);
        let count = |w: &str| words.iter().filter(|x| **x == w).count();
        let unsigned = count("unsigned") > 0;
        let signed = count("signed") > 0;
        let longs = count("long");
        let mut base: Vec<&str> = words
            .iter()
            .copied()
            .filter(|w| !matches!(*w, "unsigned" | "signed" | "long"))
            .collect();
        if base.len() > 1 && base.iter().all(|w| *w == "int") {
            base.truncate(1);
        }
        if (unsigned && signed) || base.len() > 1 || longs > 2 {
            return self.err(pos, "invalid combination of type specifiers");
        }
        let b = base.first().copied();
        let sign_ok = |t: CType| -> R<CType> {
            if unsigned || signed {
                return self.err(
                    pos,
                    format!("'{}' cannot be signed or unsigned", words.join(" ")),
                );
            }
            Ok(t)
        };
        Ok(match (b, longs) {
            (None | Some("int"), 0) if unsigned || signed || b.is_some() => CType::Int {
                bits: 32,
                signed: !unsigned,
            },
            (None | Some("int"), 1 | 2) => CType::Int {
                bits: 64,
                signed: !unsigned,
            },
            (Some("char"), 0) => CType::Int {
                bits: 8,
                signed: !unsigned,
            },
            (Some("short"), 0) => CType::Int {
                bits: 16,
                signed: !unsigned,
            },
            (Some("uint"), 0) => sign_ok(crate::types::UINT)?,
            (Some("size_t"), 0) => sign_ok(crate::types::ULONG)?,
            (Some("bool"), 0) => sign_ok(CType::Bool)?,
            (Some("float"), 0) => sign_ok(CType::Float)?,
            (Some("double"), 0) => sign_ok(CType::Double)?,
            (Some("double"), 1) => return self.err(pos, "unsupported: long double"),
            (Some("void"), 0) => sign_ok(CType::Void)?,
            (Some("dim3"), 0) => sign_ok(CType::Dim3)?,
            (None, 0) => return self.err(pos, "expected a type"),
            _ => return self.err(pos, "invalid combination of type specifiers"),
        })
    }

    pub fn type_name(&self, t: &ast::TypeName) -> R<CType> {
        let mut ty = self.base_type(&t.specs)?;
        for _ in 0..t.ptrs {
            ty = CType::ptr(ty, Space::Any);
        }
        Ok(ty)
    }

    // ----- generic op creation -----

    /// Creates op `name` at the insertion point; returns its first result
    /// (or `None` if it has none).
    pub fn op(
        &mut self,
        name: &'static str,
        loc: LocId,
        operands: &[ValueId],
        results: &[TypeId],
        attrs: &[(&'static str, AttrId)],
    ) -> (OpId, Option<ValueId>) {
        let mut st = OperationState::new(self.ctx().static_op_name(name), loc)
            .operands(operands)
            .results(results);
        for &(k, v) in attrs {
            st.add_attr(self.ctx().static_sym(k), v);
        }
        let op = self.rw.create(st);
        (op, self.ctx().results(op).first().copied())
    }

    pub fn op1(
        &mut self,
        name: &'static str,
        loc: LocId,
        operands: &[ValueId],
        result: TypeId,
        attrs: &[(&'static str, AttrId)],
    ) -> ValueId {
        let (op, r) = self.op(name, loc, operands, &[result], attrs);
        r.unwrap_or_else(|| self.ctx().results(op)[0])
    }

    // ----- top level -----

    fn collect(&mut self, items: &[Item]) -> R<()> {
        for it in items {
            match it {
                Item::Global(d) => self.global(d)?,
                Item::Func(fd) => self.signature(fd)?,
            }
        }
        Ok(())
    }

    fn global(&mut self, d: &ast::Decl) -> R<()> {
        for (w, sp) in &d.specs.storage {
            match w.as_str() {
                "__shared__" => {
                    return self.err(sp.start, "unsupported: __shared__ variable at file scope");
                }
                "__device__" => {
                    return self.err(sp.start, "unsupported: __device__ variable");
                }
                _ => {}
            }
        }
        let base = self.base_type(&d.specs)?;
        for decl in &d.declarators {
            if let Some(s) = decl.fn_ptr {
                return self.err(s.start, "unsupported: function pointer");
            }
            let is_const = d.specs.is_const && decl.ptrs == 0 && decl.dims.is_empty();
            let init = match &decl.init {
                Some(ast::Init::Expr(e)) if is_const && base.is_arith() => e,
                _ => {
                    return self.err(
                        decl.name_span.start,
                        format!(
                            "unsupported: global variable '{}' (only const scalars with an initializer)",
                            decl.name
                        ),
                    );
                }
            };
            if init.has_side_effects() {
                return self.err(
                    init.pos,
                    "unsupported: global initializer with side effects",
                );
            }
            self.globals
                .insert(decl.name.clone(), (base.clone(), init.clone()));
        }
        Ok(())
    }

    fn signature(&mut self, fd: &FuncDef) -> R<()> {
        let dev = fd.specs.has("__device__");
        let host = fd.specs.has("__host__");
        let kind = if fd.specs.has("__global__") {
            if dev || host {
                return self.err(
                    fd.name_span.start,
                    "__global__ cannot be combined with __device__ or __host__",
                );
            }
            FnKind::Kernel
        } else {
            match (host, dev) {
                (true, true) => FnKind::HostDevice,
                (false, true) => FnKind::Device,
                _ => FnKind::Host,
            }
        };
        if fd.specs.has("__shared__") {
            return self.err(
                fd.name_span.start,
                "'__shared__' does not apply to functions",
            );
        }
        let mut ret = self.base_type(&fd.specs)?;
        for _ in 0..fd.ret_ptrs {
            ret = CType::ptr(ret, Space::Any);
        }
        if kind == FnKind::Kernel && ret != CType::Void {
            return self.err(
                fd.name_span.start,
                format!("kernel function '{}' must have void return type", fd.name),
            );
        }
        if matches!(ret, CType::Dim3) {
            return self.err(fd.name_span.start, "unsupported: function returning dim3");
        }
        let mut params = Vec::new();
        for p in &fd.params {
            let mut t = self.base_type(&p.specs)?;
            for _ in 0..p.ptrs {
                t = CType::ptr(t, Space::Any);
            }
            // An array parameter is a pointer.
            if !p.dims.is_empty() {
                t = CType::ptr(t, Space::Any);
            }
            if t == CType::Void {
                return self.err(p.span.start, "parameter has type void");
            }
            if t == CType::Dim3 {
                return self.err(p.span.start, "unsupported: dim3 parameter");
            }
            params.push(t);
        }
        let sig = Sig {
            kind,
            ret,
            params,
            defined: fd.body.is_some(),
        };
        if let Some(old) = self.sigs.get(&fd.name) {
            if old.params != sig.params || old.ret != sig.ret || old.kind != sig.kind {
                return self.err(
                    fd.name_span.start,
                    format!(
                        "unsupported: function overloading ('{}' declared again with a different signature)",
                        fd.name
                    ),
                );
            }
            if old.defined && sig.defined {
                return self.err(fd.name_span.start, format!("redefinition of '{}'", fd.name));
            }
            if old.defined {
                return Ok(());
            }
        }
        self.sigs.insert(fd.name.clone(), sig);
        Ok(())
    }

    /// Device code cannot recurse (the device dialect's verifier rejects
    /// it): find a cycle among device functions and report it here.
    fn check_device_recursion(&self, items: &[Item]) -> R<()> {
        let mut calls: HashMap<&str, Vec<(String, u32)>> = HashMap::default();
        for it in items {
            if let Item::Func(fd) = it
                && let Some(body) = &fd.body
            {
                let mut v = Vec::new();
                for s in body {
                    walk_stmt(s, &mut |e| {
                        if let ExprKind::Call(callee, _) = &e.kind
                            && let ExprKind::Ident(n) = &callee.kind
                        {
                            v.push((n.clone(), callee.pos));
                        }
                    });
                }
                calls.insert(fd.name.as_str(), v);
            }
        }
        let is_dev = |n: &str| self.sigs.get(n).is_some_and(|s| s.kind != FnKind::Host);
        // Depth-first search with colours; iterative to bound the stack.
        let mut state: HashMap<&str, u8> = HashMap::default();
        let mut names: Vec<&str> = calls.keys().copied().filter(|n| is_dev(n)).collect();
        names.sort_unstable();
        for root in names {
            if state.get(root).copied().unwrap_or(0) != 0 {
                continue;
            }
            let mut stack: Vec<(&str, usize)> = vec![(root, 0)];
            state.insert(root, 1);
            while let Some(&mut (n, ref mut i)) = stack.last_mut() {
                let callees = calls.get(n).map_or(&[][..], |v| v.as_slice());
                if *i >= callees.len() {
                    state.insert(n, 2);
                    stack.pop();
                    continue;
                }
                let (c, pos) = &callees[*i];
                *i += 1;
                if !is_dev(c) || !calls.contains_key(c.as_str()) {
                    continue;
                }
                let Some((key, _)) = calls.get_key_value(c.as_str()) else {
                    continue;
                };
                match state.get(key).copied().unwrap_or(0) {
                    0 => {
                        state.insert(key, 1);
                        stack.push((key, 0));
                    }
                    1 => {
                        return self.err(
                            *pos,
                            format!("unsupported: recursion in device code ('{n}' calls '{c}')"),
                        );
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    fn device_module_block(&mut self) -> BlockId {
        if let Some((_, b)) = self.dev_module {
            return b;
        }
        let loc = self.ctx().file_loc(&self.file, 1, 1);
        let region = self.rw.new_region();
        let block = self.rw.create_block(region, &[], None);
        let mut st =
            OperationState::new(self.ctx().op_name("device.module"), loc).regions(&[region]);
        st.add_attr(self.ctx().sym("sym_name"), self.ctx().str_attr("kernels"));
        self.rw
            .set_insertion_point(InsertPoint::BlockStart(self.module_block));
        let op = self.rw.create(st);
        self.dev_module = Some((op, block));
        block
    }

    /// Adds `device.shared @name[size] align a` and returns its symbol.
    pub fn shared_global(&mut self, var: &str, size: u64, align: u64, loc: LocId) -> String {
        let mut name = format!("{}_{}", self.f.name, var);
        let mut n = 0;
        while self.shared_syms.contains(&name) {
            n += 1;
            name = format!("{}_{}_{n}", self.f.name, var);
        }
        self.shared_syms.insert(name.clone());
        let block = self.device_module_block();
        let saved = self.rw.insertion_point();
        self.rw.set_insertion_point(InsertPoint::BlockStart(block));
        let i64t = self.ctx().common.i64;
        let attrs = [
            ("sym_name", self.ctx().str_attr(&name)),
            ("size", self.ctx().int_attr(size as i64, i64t)),
            ("alignment", self.ctx().int_attr(align as i64, i64t)),
        ];
        self.op("device.shared", loc, &[], &[], &attrs);
        if let Some(ip) = saved {
            self.rw.set_insertion_point(ip);
        }
        name
    }

    // ----- functions -----

    /// `main` takes nothing or `(int argc, char **argv)` (`char *argv[]`
    /// decays to that), the two forms C guarantees and `lockstep-run` can
    /// call with the program's arguments; any other form has no caller.
    fn check_main_params(&self, fd: &FuncDef, params: &[CType]) -> R<()> {
        let at = |i: usize| {
            fd.params
                .get(i)
                .map_or(fd.name_span.start, |p| p.span.start)
        };
        match params {
            [] => Ok(()),
            [count, args] => {
                if *count != crate::types::INT {
                    return self.err(
                        at(0),
                        format!("first parameter of 'main' (argument count) must be of type 'int', not '{count}'"),
                    );
                }
                let is_char_ptr_ptr = matches!(args, CType::Ptr(inner, _, _)
                    if matches!(&**inner, CType::Ptr(c, _, _) if matches!(**c, CType::Int { bits: 8, .. })));
                if !is_char_ptr_ptr {
                    return self.err(
                        at(1),
                        format!("second parameter of 'main' (argument array) must be of type 'char **', not '{args}'"),
                    );
                }
                Ok(())
            }
            _ => self.err(
                at(0),
                format!(
                    "'main' takes no parameters or two (int argc, char **argv), not {}",
                    params.len()
                ),
            ),
        }
    }

    fn function(&mut self, fd: &FuncDef, mode: Mode) -> R<()> {
        let Some(sig) = self.sigs.get(&fd.name).cloned() else {
            return Ok(());
        };
        let Some(body) = &fd.body else { return Ok(()) };
        let loc = self.loc(fd.name_span.start);
        let params = sig.params_in(mode);
        let ret = sig.ret_in(mode);
        let in_tys: Vec<TypeId> = params.iter().map(|t| self.ir_type(t)).collect();
        let is_main = mode == Mode::Host && fd.name == "main";
        if is_main && !matches!(ret, CType::Int { bits: 32, .. }) {
            return self.err(fd.name_span.start, "'main' must return 'int'");
        }
        if is_main {
            self.check_main_params(fd, &params)?;
        }
        let res_tys: Vec<TypeId> = if ret == CType::Void {
            vec![]
        } else {
            vec![self.ir_type(&ret)]
        };
        let fty = self.ctx().function_type(&in_tys, &res_tys);
        let region = self.rw.new_region();
        let entry_block = self.rw.create_block(region, &in_tys, Some(loc));
        let op_name = match (mode, sig.kind) {
            (Mode::Host, _) => "func.func",
            (Mode::Device, FnKind::Kernel) => "device.kernel",
            (Mode::Device, _) => "device.func",
        };
        let mut st = OperationState::new(self.ctx().op_name(op_name), loc).regions(&[region]);
        st.add_attr(self.ctx().sym("sym_name"), self.ctx().str_attr(&fd.name));
        st.add_attr(self.ctx().sym("function_type"), self.ctx().type_attr(fty));
        if mode == Mode::Device
            && let Some(attrs) = self.restrict_arg_attrs(fd, &params)
        {
            st.add_attr(self.ctx().sym("arg_attrs"), attrs);
        }
        if op_name == "device.func" {
            // A .cu file is the whole device program (no relocatable device
            // code), so its device functions are internal to it: once
            // inlined, nothing keeps them alive.
            st.add_attr(
                self.ctx().sym("sym_visibility"),
                self.ctx().str_attr("private"),
            );
        }
        match mode {
            Mode::Host => self
                .rw
                .set_insertion_point(InsertPoint::BlockEnd(self.module_block)),
            Mode::Device => {
                let b = self.device_module_block();
                self.rw.set_insertion_point(InsertPoint::BlockEnd(b));
            }
        }
        self.rw.create(st);

        self.f = FnState {
            name: fd.name.clone(),
            mode: Some(mode),
            kind: Some(sig.kind),
            ret: Some(ret.clone()),
            region: Some(region),
            scopes: vec![HashMap::default()],
            ..FnState::default()
        };
        self.prepass(body, mode);
        self.f.blocks.push(BInfo {
            id: entry_block,
            preds: vec![],
            sealed: true,
            incomplete: vec![],
            term: None,
        });
        self.f.cur = 0;
        self.rw.set_insertion_point_to_end(entry_block);
        let args: Vec<ValueId> = self.ctx().block_args(entry_block).to_vec();
        for ((p, ty), arg) in fd.params.iter().zip(&params).zip(args) {
            let Some((name, sp)) = &p.name else { continue };
            let ploc = self.loc(sp.start);
            self.declare_scalar(name, ty.clone(), Some(arg), ploc, *sp)?;
        }
        for s in body {
            self.stmt(s)?;
        }
        // Falling off the end.
        let end_loc = self.loc(fd.span.end.saturating_sub(1));
        if ret == CType::Void {
            self.emit_return(None, end_loc);
        } else {
            let v = if is_main {
                self.const_int(0, &ret, end_loc)
            } else {
                let t = self.ir_type(&ret);
                self.undef_value(t, end_loc, None)
            };
            self.emit_return(Some(v), end_loc);
        }
        self.finish()?;
        Ok(())
    }

    /// The `arg_attrs` array marking the restrict pointer parameters of `fd`
    /// (whose device types are `params`) with `{device.restrict}`; `None`
    /// when there is none, so unannotated functions print as before.
    fn restrict_arg_attrs(&self, fd: &FuncDef, params: &[CType]) -> Option<AttrId> {
        // One entry per IR argument, whatever `fd` says: the verifier wants
        // `arg_attrs` exactly as long as the function type's inputs.
        let marked: Vec<bool> = params
            .iter()
            .enumerate()
            .map(|(i, t)| t.is_ptr() && fd.params.get(i).is_some_and(|p| p.restrict))
            .collect();
        if !marked.contains(&true) {
            return None;
        }
        let ctx = self.ctx();
        let empty = ctx.attr(AttrData::Dict(Box::new([])));
        let restrict = ctx.attr(AttrData::Dict(Box::new([(
            ctx.sym("device.restrict"),
            ctx.unit_attr(),
        )])));
        let elems: Vec<AttrId> = marked
            .iter()
            .map(|&m| if m { restrict } else { empty })
            .collect();
        Some(ctx.attr(AttrData::Array(elems.into())))
    }

    /// Finds address-taken names and, in host code, device pointers.
    fn prepass(&mut self, body: &[Stmt], mode: Mode) {
        let mut taken = HashSet::default();
        let mut dev = HashSet::default();
        let mut assigns: Vec<(String, String)> = Vec::new();
        for s in body {
            walk_stmt(s, &mut |e| match &e.kind {
                ExprKind::Call(callee, args) => {
                    if let ExprKind::Ident(n) = &callee.kind
                        && n == "cudaMalloc"
                        && let Some(a) = args.first()
                        && let Some(name) = malloc_target(a)
                    {
                        dev.insert(name.to_string());
                    }
                }
                ExprKind::Unary(ast::UnOp::AddrOf, inner) => {
                    if let ExprKind::Ident(n) = &strip(inner).kind {
                        taken.insert(n.clone());
                    }
                }
                ExprKind::Assign(None, l, r) => {
                    if let (ExprKind::Ident(a), Some(b)) = (&strip(l).kind, pointer_source(r)) {
                        assigns.push((a.clone(), b.to_string()));
                    }
                }
                _ => {}
            });
            walk_decls(s, &mut |d| {
                for dd in &d.declarators {
                    if let Some(ast::Init::Expr(e)) = &dd.init
                        && let Some(b) = pointer_source(e)
                    {
                        assigns.push((dd.name.clone(), b.to_string()));
                    }
                }
            });
        }
        // `&p` inside `cudaMalloc(&p, n)` does not make `p` address-taken.
        // Those `p` are exactly what the walk above put in `dev` so far.
        let malloc_only = dev.clone();
        for n in &malloc_only {
            let mut other = 0;
            for s in body {
                walk_stmt(s, &mut |e| {
                    if let ExprKind::Unary(ast::UnOp::AddrOf, inner) = &e.kind
                        && matches!(&strip(inner).kind, ExprKind::Ident(x) if x == n)
                    {
                        other += 1;
                    }
                });
            }
            let mut in_malloc = 0;
            for s in body {
                walk_stmt(s, &mut |e| {
                    if let ExprKind::Call(callee, args) = &e.kind
                        && matches!(&callee.kind, ExprKind::Ident(c) if c == "cudaMalloc")
                        && args.first().and_then(malloc_target) == Some(n.as_str())
                    {
                        in_malloc += 1;
                    }
                });
            }
            if other == in_malloc {
                taken.remove(n);
            }
        }
        if mode == Mode::Host {
            loop {
                let before = dev.len();
                for (a, b) in &assigns {
                    if dev.contains(b) {
                        dev.insert(a.clone());
                    }
                }
                if dev.len() == before {
                    break;
                }
            }
        }
        self.f.addr_taken = taken;
        self.f.device_ptrs = dev;
    }

    // ----- blocks and SSA -----

    pub fn new_block(&mut self) -> usize {
        let Some(region) = self.f.region else {
            return 0;
        };
        let id = self.rw.create_block(region, &[], None);
        self.f.blocks.push(BInfo {
            id,
            preds: vec![],
            sealed: false,
            incomplete: vec![],
            term: None,
        });
        self.f.blocks.len() - 1
    }

    /// Continues code generation in block `b`.
    pub fn switch_to(&mut self, b: usize) {
        self.f.cur = b;
        let id = self.f.blocks[b].id;
        self.rw.set_insertion_point_to_end(id);
    }

    /// Ends the current block with a branch (unless it already ended).
    pub fn br(&mut self, to: usize, loc: LocId) {
        let c = self.f.cur;
        if self.f.blocks[c].term.is_some() {
            return;
        }
        self.f.blocks[c].term = Some((Term::Br(to), loc));
        self.f.blocks[to].preds.push(c);
    }

    pub fn cond_br(&mut self, cond: ValueId, t: usize, e: usize, loc: LocId) {
        let c = self.f.cur;
        if self.f.blocks[c].term.is_some() {
            return;
        }
        self.f.blocks[c].term = Some((Term::CondBr(cond, t, e), loc));
        self.f.blocks[t].preds.push(c);
        self.f.blocks[e].preds.push(c);
    }

    /// After a return, break or continue: later code goes to a fresh block
    /// with no predecessors (erased at the end).
    pub fn start_dead_block(&mut self) {
        let b = self.new_block();
        self.f.blocks[b].sealed = true;
        self.switch_to(b);
    }

    /// Seals `b` (every edge into it exists) and continues there.
    pub fn seal_and_switch(&mut self, b: usize) {
        self.seal(b);
        self.switch_to(b);
    }

    pub fn seal(&mut self, b: usize) {
        if self.f.blocks[b].sealed {
            return;
        }
        let inc = std::mem::take(&mut self.f.blocks[b].incomplete);
        for (var, phi) in inc {
            self.add_phi_operands(var, phi);
        }
        self.f.blocks[b].sealed = true;
    }

    pub fn new_ssa_var(&mut self, ty: TypeId, name: &str, loc: LocId) -> usize {
        self.f.ssa_vars.push(SsaVarInfo {
            ty,
            name: name.to_string(),
            loc,
        });
        self.f.ssa_vars.len() - 1
    }

    pub fn write_var(&mut self, var: usize, v: ValueId) {
        let b = self.f.cur;
        self.f.defs.insert((var, b), v);
    }

    pub fn read_var(&mut self, var: usize) -> ValueId {
        let b = self.f.cur;
        self.read_var_in(var, b)
    }

    fn resolve(&self, mut v: ValueId) -> ValueId {
        while let Some(&n) = self.f.replaced.get(&v) {
            v = n;
        }
        v
    }

    fn read_var_in(&mut self, var: usize, b: usize) -> ValueId {
        if let Some(&v) = self.f.defs.get(&(var, b)) {
            return self.resolve(v);
        }
        let v = if !self.f.blocks[b].sealed {
            let phi = self.new_phi(var, b);
            self.f.blocks[b].incomplete.push((var, phi));
            self.f.phis[phi].value
        } else if self.f.blocks[b].preds.len() == 1 {
            let p = self.f.blocks[b].preds[0];
            self.read_var_in(var, p)
        } else if self.f.blocks[b].preds.is_empty() {
            let (ty, loc) = (self.f.ssa_vars[var].ty, self.f.ssa_vars[var].loc);
            self.undef_value(ty, loc, Some(var))
        } else {
            let phi = self.new_phi(var, b);
            let v = self.f.phis[phi].value;
            self.f.defs.insert((var, b), v);
            self.add_phi_operands(var, phi);
            v
        };
        self.f.defs.insert((var, b), v);
        v
    }

    fn new_phi(&mut self, var: usize, b: usize) -> usize {
        let info = &self.f.ssa_vars[var];
        let (ty, loc) = (info.ty, info.loc);
        let id = self.f.blocks[b].id;
        let value = self.rw.add_block_arg(id, ty, Some(loc));
        self.f.phis.push(Phi {
            block: b,
            value,
            operands: vec![],
            removed: false,
        });
        self.f.phi_of.insert(value, self.f.phis.len() - 1);
        self.f.phis.len() - 1
    }

    fn add_phi_operands(&mut self, var: usize, phi: usize) {
        let b = self.f.phis[phi].block;
        // Each distinct predecessor once, in first-edge order (a block has
        // one or two predecessors but for loop headers and joins).
        let npreds = self.f.blocks[b].preds.len();
        for i in 0..npreds {
            let p = self.f.blocks[b].preds[i];
            if self.f.blocks[b].preds[..i].contains(&p) {
                continue;
            }
            let v = self.read_var_in(var, p);
            self.f.phis[phi].operands.push((p, v));
        }
    }

    /// A value of type `ty` for a read of an uninitialised variable; a
    /// placeholder op at the function's entry, replaced when finishing.
    pub fn undef_value(&mut self, ty: TypeId, loc: LocId, var: Option<usize>) -> ValueId {
        let saved = self.rw.insertion_point();
        let entry = self.f.blocks[0].id;
        self.rw.set_insertion_point(InsertPoint::BlockStart(entry));
        let (op, v) = self.op("lockstepc.undef", loc, &[], &[ty], &[]);
        if let Some(ip) = saved {
            self.rw.set_insertion_point(ip);
        }
        self.f.undefs.push((op, var.unwrap_or(usize::MAX)));
        v.unwrap_or_else(|| self.ctx().results(op)[0])
    }

    /// Finishes the function: drops dead blocks, removes trivial φs,
    /// creates the pending branches and replaces placeholders.
    fn finish(&mut self) -> R<()> {
        // Reachability from the entry.
        let n = self.f.blocks.len();
        let mut live = vec![false; n];
        let mut work = vec![0usize];
        live[0] = true;
        while let Some(b) = work.pop() {
            let succs: Vec<usize> = match &self.f.blocks[b].term {
                Some((Term::Br(t), _)) => vec![*t],
                Some((Term::CondBr(_, t, e), _)) => vec![*t, *e],
                None => vec![],
            };
            for s in succs {
                if !live[s] {
                    live[s] = true;
                    work.push(s);
                }
            }
        }
        for phi in &mut self.f.phis {
            phi.operands.retain(|(p, _)| live[*p]);
        }
        // Trivial φs: all operands equal (or the φ itself).
        loop {
            let mut changed = false;
            for i in 0..self.f.phis.len() {
                if self.f.phis[i].removed || !live[self.f.phis[i].block] {
                    continue;
                }
                let me = self.f.phis[i].value;
                let mut same: Option<ValueId> = None;
                let mut trivial = true;
                for k in 0..self.f.phis[i].operands.len() {
                    let op = self.resolve(self.f.phis[i].operands[k].1);
                    if op == me || Some(op) == same {
                        continue;
                    }
                    if same.is_some() {
                        trivial = false;
                        break;
                    }
                    same = Some(op);
                }
                if trivial {
                    let to = match same {
                        Some(v) => v,
                        None => {
                            let ty = self.ctx().value_type(me);
                            let loc = self.ctx().unknown_loc();
                            self.undef_value(ty, loc, None)
                        }
                    };
                    self.f.replaced.insert(me, to);
                    self.f.phis[i].removed = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // Erase dead blocks (not the entry).
        for (b, &alive) in live.iter().enumerate().skip(1) {
            if !alive {
                let id = self.f.blocks[b].id;
                self.rw.erase_block(id);
            }
        }
        for i in 0..self.f.phis.len() {
            if self.f.phis[i].removed && live[self.f.phis[i].block] {
                let from = self.f.phis[i].value;
                let to = self.resolve(from);
                self.rw.replace_all_uses_with(from, to);
            }
        }
        // Create the branches.
        for (b, &alive) in live.iter().enumerate() {
            if !alive {
                continue;
            }
            let Some((term, loc)) = self.f.blocks[b].term.clone() else {
                continue;
            };
            let id = self.f.blocks[b].id;
            self.rw.set_insertion_point_to_end(id);
            match term {
                Term::Br(t) => {
                    let args = self.edge_args(b, t);
                    let dest = self.f.blocks[t].id;
                    lockstep_cf::build_br(&mut self.rw, dest, &args, loc);
                }
                Term::CondBr(c, t, e) => {
                    let c = self.resolve(c);
                    let ta = self.edge_args(b, t);
                    let ea = self.edge_args(b, e);
                    let (td, ed) = (self.f.blocks[t].id, self.f.blocks[e].id);
                    lockstep_cf::build_cond_br(&mut self.rw, c, td, &ta, ed, &ea, loc);
                }
            }
        }
        // Remove the arguments of trivial φs, last first.
        let mut by_block: Vec<(usize, ValueId)> = self
            .f
            .phis
            .iter()
            .filter(|p| p.removed && live[p.block])
            .map(|p| (p.block, p.value))
            .collect();
        by_block.sort_by_key(|&(b, _)| b);
        for (b, v) in by_block.into_iter().rev() {
            let id = self.f.blocks[b].id;
            if let Some(i) = self.ctx().block_args(id).iter().position(|&a| a == v) {
                self.rw.erase_block_arg(id, i);
            }
        }
        // Placeholders for uninitialised reads.
        let undefs = std::mem::take(&mut self.f.undefs);
        for (op, var) in undefs {
            if !self.ctx().is_live_op(op) {
                continue;
            }
            let r = self.ctx().result(op, 0);
            if !self.ctx().has_uses(r) {
                self.rw.erase_op(op);
                continue;
            }
            let ty = self.ctx().value_type(r);
            let loc = self.ctx().loc(op);
            self.rw.set_insertion_point_after(op);
            let zero = match self.ctx().type_data(ty) {
                TypeData::Integer { .. } => {
                    lockstep_arith::build_int_constant(&mut self.rw, 0, ty, loc)
                }
                TypeData::Float(_) => {
                    lockstep_arith::build_float_constant(&mut self.rw, 0.0, ty, loc)
                }
                _ => {
                    let name = self
                        .f
                        .ssa_vars
                        .get(var)
                        .map_or("a pointer".to_string(), |v| format!("'{}'", v.name));
                    return Err(Diagnostic::error(
                        loc,
                        format!("unsupported: pointer variable {name} may be used uninitialized"),
                    ));
                }
            };
            self.rw.replace_op(op, &[zero]);
        }
        Ok(())
    }

    fn edge_args(&self, from: usize, to: usize) -> Vec<ValueId> {
        let id = self.f.blocks[to].id;
        let mut out = Vec::new();
        for &arg in self.ctx().block_args(id) {
            let Some(phi) = self.f.phi_of.get(&arg).map(|&i| &self.f.phis[i]) else {
                continue;
            };
            if phi.removed {
                continue;
            }
            let v = phi
                .operands
                .iter()
                .find(|(p, _)| *p == from)
                .map(|&(_, v)| self.resolve(v));
            if let Some(v) = v {
                out.push(v);
            }
        }
        out
    }

    pub fn emit_return(&mut self, v: Option<ValueId>, loc: LocId) {
        let c = self.f.cur;
        if self.f.blocks[c].term.is_some() {
            return;
        }
        let name = match self.f.mode {
            Some(Mode::Host) => "func.return",
            _ => "device.return",
        };
        let ops: Vec<ValueId> = v.into_iter().collect();
        self.op(name, loc, &ops, &[], &[]);
        // A return ends the block: mark it so no branch is added.
        self.f.blocks[c].term = None;
        self.start_dead_block_after_return(c);
    }

    fn start_dead_block_after_return(&mut self, _from: usize) {
        self.start_dead_block();
    }

    // ----- scopes and variables -----

    pub fn lookup(&self, name: &str) -> Option<&Var> {
        self.f.scopes.iter().rev().find_map(|s| s.get(name))
    }

    pub fn bind(&mut self, name: &str, var: Var) {
        if let Some(s) = self.f.scopes.last_mut() {
            s.insert(name.to_string(), var);
        }
    }

    /// Declares a scalar (or dim3) local with an optional initial value.
    pub fn declare_scalar(
        &mut self,
        name: &str,
        ty: CType,
        init: Option<ValueId>,
        loc: LocId,
        sp: Span,
    ) -> R<()> {
        if self.f.addr_taken.contains(name) && ty != CType::Dim3 {
            let (ptr, space) = self.alloca(&ty, loc);
            if let Some(v) = init {
                self.store(v, ptr, space, &ty, false, loc);
            }
            self.bind(
                name,
                Var {
                    ty,
                    storage: Storage::Mem(ptr, space),
                    const_value: None,
                },
            );
            return Ok(());
        }
        if ty == CType::Dim3 {
            return self.err(sp.start, "internal: dim3 declared as scalar");
        }
        let irt = self.ir_type(&ty);
        let var = self.new_ssa_var(irt, name, loc);
        if let Some(v) = init {
            self.write_var(var, v);
        }
        self.bind(
            name,
            Var {
                ty,
                storage: Storage::Ssa(var),
                const_value: None,
            },
        );
        Ok(())
    }

    /// Stack storage for one object of type `ty` in the current code.
    pub fn alloca(&mut self, ty: &CType, loc: LocId) -> (ValueId, Space) {
        let size = ty.size().unwrap_or(0).max(1);
        let align = ty.align();
        let i64t = self.ctx().common.i64;
        let attrs = [
            ("size", self.ctx().int_attr(size as i64, i64t)),
            ("alignment", self.ctx().int_attr(align as i64, i64t)),
        ];
        // Allocations go to the entry block, so loops do not grow the stack.
        let saved = self.rw.insertion_point();
        let entry = self.f.blocks[0].id;
        let after_undefs = self
            .ctx()
            .block_ops(entry)
            .take_while(|&o| self.ctx().name_of(o) == "lockstepc.undef")
            .last();
        match after_undefs {
            Some(o) => self.rw.set_insertion_point(InsertPoint::After(o)),
            None => self.rw.set_insertion_point(InsertPoint::BlockStart(entry)),
        }
        let r = match self.f.mode {
            Some(Mode::Host) => {
                let t = self.host_ptr_type();
                (self.op1("host.alloca", loc, &[], t, &attrs), Space::Host)
            }
            _ => {
                let t = self.dev_ptr_type(Space::Local);
                (self.op1("device.alloca", loc, &[], t, &attrs), Space::Local)
            }
        };
        if let Some(ip) = saved {
            // An `After` point would follow the new op; restore the block end.
            match ip {
                InsertPoint::After(_) | InsertPoint::Before(_) => self.rw.set_insertion_point(ip),
                _ => self.rw.set_insertion_point(ip),
            }
        }
        r
    }
}

/// `e` without parentheses and casts.
pub(crate) fn strip(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast(_, inner) => strip(inner),
        _ => e,
    }
}

/// `p` in `cudaMalloc(&p, ...)` / `cudaMalloc((void**)&p, ...)`.
pub(crate) fn malloc_target(e: &Expr) -> Option<&str> {
    match &strip(e).kind {
        ExprKind::Unary(ast::UnOp::AddrOf, inner) => match &strip(inner).kind {
            ExprKind::Ident(n) => Some(n),
            _ => None,
        },
        _ => None,
    }
}

/// The pointer variable a pointer expression is derived from, if any.
fn pointer_source(e: &Expr) -> Option<&str> {
    match &strip(e).kind {
        ExprKind::Ident(n) => Some(n),
        ExprKind::Binary(ast::BinOp::Add | ast::BinOp::Sub, a, _) => pointer_source(a),
        ExprKind::Unary(ast::UnOp::AddrOf, inner) => match &strip(inner).kind {
            ExprKind::Index(a, _) => pointer_source(a),
            _ => None,
        },
        _ => None,
    }
}

/// Calls `f` on every expression in `s` (pre-order), iteratively over
/// statements and recursively over expressions. Generic rather than `dyn`:
/// the walks run over every node of every function, and this lets `f`
/// inline.
pub(crate) fn walk_stmt<F: FnMut(&Expr)>(s: &Stmt, f: &mut F) {
    match s {
        Stmt::Block(v, _) => v.iter().for_each(|s| walk_stmt(s, f)),
        Stmt::If {
            cond, then, els, ..
        } => {
            walk_expr(cond, f);
            walk_stmt(then, f);
            if let Some(e) = els {
                walk_stmt(e, f);
            }
        }
        Stmt::For {
            init,
            cond,
            step,
            body,
            ..
        } => {
            if let Some(i) = init {
                walk_stmt(i, f);
            }
            if let Some(c) = cond {
                walk_expr(c, f);
            }
            if let Some(s) = step {
                walk_expr(s, f);
            }
            walk_stmt(body, f);
        }
        Stmt::While { cond, body, .. } | Stmt::DoWhile { body, cond, .. } => {
            walk_expr(cond, f);
            walk_stmt(body, f);
        }
        Stmt::Return(Some(e), _) | Stmt::Expr(e) => walk_expr(e, f),
        Stmt::Decl(d) => {
            for dd in &d.declarators {
                for e in dd.dims.iter().flatten() {
                    walk_expr(e, f);
                }
                if let Some(i) = &dd.init {
                    walk_init(i, f);
                }
                if let Some((a, _)) = &dd.ctor {
                    a.iter().for_each(|e| walk_expr(e, f));
                }
            }
        }
        Stmt::Launch { config, args, .. } => {
            config.iter().chain(args).for_each(|e| walk_expr(e, f));
        }
        _ => {}
    }
}

fn walk_init<F: FnMut(&Expr)>(i: &ast::Init, f: &mut F) {
    match i {
        ast::Init::Expr(e) => walk_expr(e, f),
        ast::Init::List(v, _) => v.iter().for_each(|i| walk_init(i, f)),
    }
}

fn walk_decls<F: FnMut(&ast::Decl)>(s: &Stmt, f: &mut F) {
    match s {
        Stmt::Block(v, _) => v.iter().for_each(|s| walk_decls(s, f)),
        Stmt::If { then, els, .. } => {
            walk_decls(then, f);
            if let Some(e) = els {
                walk_decls(e, f);
            }
        }
        Stmt::For { init, body, .. } => {
            if let Some(i) = init {
                walk_decls(i, f);
            }
            walk_decls(body, f);
        }
        Stmt::While { body, .. } | Stmt::DoWhile { body, .. } => walk_decls(body, f),
        Stmt::Decl(d) => f(d),
        _ => {}
    }
}

pub(crate) fn walk_expr<F: FnMut(&Expr)>(e: &Expr, f: &mut F) {
    f(e);
    match &e.kind {
        ExprKind::Unary(_, a)
        | ExprKind::Cast(_, a)
        | ExprKind::SizeofExpr(a)
        | ExprKind::Member(a, _, _)
        | ExprKind::IncDec { e: a, .. } => walk_expr(a, f),
        ExprKind::Binary(_, a, b)
        | ExprKind::Assign(_, a, b)
        | ExprKind::Comma(a, b)
        | ExprKind::Index(a, b) => {
            walk_expr(a, f);
            walk_expr(b, f);
        }
        ExprKind::Cond(a, b, c) => {
            walk_expr(a, f);
            walk_expr(b, f);
            walk_expr(c, f);
        }
        ExprKind::Call(c, args) => {
            walk_expr(c, f);
            args.iter().for_each(|a| walk_expr(a, f));
        }
        ExprKind::Dim3(args) => args.iter().for_each(|a| walk_expr(a, f)),
        _ => {}
    }
}
