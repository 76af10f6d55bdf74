//! Raising one `.entry` or `.func` body: the node CFG (`blocks.rs`)
//! becomes IR blocks, each node's instructions are raised in order
//! (`raise.rs`) with registers read and written through the SSA builder
//! (`ssa.rs`), and the terminators are built last, once every phi is known.
//!
//! Invariants:
//! - Node `n` is IR block `blocks[n]`; node 0 is the function's entry
//!   block, whose arguments are the parameters.
//! - While node `n` is filled the rewriter inserts at the end of its block;
//!   values every node may use (symbol addresses, undefined registers) are
//!   created at the start of the entry block.
//! - A value may sit in a register of another type of the same width (a
//!   float in clang's `.b32` registers): reads convert with `fit`.

use crate::blocks::{self, Cfg, Term};
use crate::ssa::Phi;
use crate::{Source, register_type};
use lockstep_arith::ops as A;
use lockstep_device::build as dev;
use lockstep_ir::types::FloatKind;
use lockstep_ir::{
    BlockId, Diagnostic, InsertPoint, LocId, OpId, Rewriter, TypeData, TypeId, ValueId,
};
use lockstep_ptx_reader::{AddrBase, Function, Module, Operand, ScalarType, Space, SymRef};
use rustc_hash::FxHashMap;

pub(crate) type Signature = (Vec<TypeId>, Vec<TypeId>);

pub(crate) struct FnImporter<'r, 'c, 't> {
    pub rw: &'r mut Rewriter<'c>,
    pub src: &'t Source<'t>,
    pub m: &'t Module,
    pub f: &'t Function,
    /// Signatures of `m.funcs`, by index.
    pub sigs: &'t [Signature],
    pub cfg: Cfg,
    pub blocks: Vec<BlockId>,
    pub entry: BlockId,
    /// The function's arguments (its parameters).
    pub args: Vec<ValueId>,
    pub results: Vec<TypeId>,
    /// The type of each variable between instructions.
    pub var_types: Vec<TypeId>,
    pub num_regs: u32,
    // SSA state (see `ssa.rs`).
    pub defs: Vec<FxHashMap<u32, ValueId>>,
    pub sealed: Vec<bool>,
    pub incomplete: Vec<Vec<usize>>,
    pub phis: Vec<Phi>,
    pub phi_of_arg: FxHashMap<ValueId, usize>,
    pub phi_users: FxHashMap<ValueId, Vec<usize>>,
    pub replaced: FxHashMap<ValueId, ValueId>,
    pub depth: usize,
    undefs: FxHashMap<TypeId, ValueId>,
    /// Pointer values of symbols (`addressof`, `alloca`), made once.
    symbols: FxHashMap<SymRef, ValueId>,
    /// Registers some instruction reads (an operand or a guard).
    read_regs: Vec<bool>,
    /// Module-scope names of this function's `.shared` locals.
    local_shared: FxHashMap<u32, String>,
    /// Per node: the branch condition, or the returned values.
    conds: Vec<Option<ValueId>>,
    rets: Vec<Vec<ValueId>>,
    /// The node being filled and the instruction being raised.
    pub cur: usize,
    pub inst: usize,
    /// Location of the ops being created, and of the instruction in the PTX.
    pub loc: LocId,
    pub ptx_loc: LocId,
}

/// What raising any function of a module reads.
#[derive(Clone, Copy)]
pub(crate) struct ModuleView<'t> {
    pub src: &'t Source<'t>,
    pub m: &'t Module,
    /// Signatures of `m.funcs`, by index.
    pub sigs: &'t [Signature],
}

pub(crate) fn raise_function(
    rw: &mut Rewriter<'_>,
    view: &ModuleView<'_>,
    f: &Function,
    local_shared: FxHashMap<u32, String>,
    op: OpId,
    entry: BlockId,
) -> Result<(), Diagnostic> {
    let ModuleView { src, m, sigs } = *view;
    let cfg = blocks::build(f);
    let ctx = rw.ctx();
    let region = ctx.regions(op)[0];
    let args = ctx.block_args(entry).to_vec();
    let results = match ctx.type_data(lockstep_func_type(ctx, op)) {
        TypeData::Function { results, .. } => results.to_vec(),
        _ => Vec::new(),
    };
    let fallback = ctx.common.i32;
    let mut var_types: Vec<TypeId> = f
        .reg_types
        .iter()
        .map(|&t| register_type(ctx, t).unwrap_or(fallback))
        .collect();
    // `.param` locals (call sequences), then the return slots.
    for l in &f.locals {
        var_types.push(register_type(ctx, l.ty).unwrap_or(fallback));
    }
    var_types.extend(results.iter().copied());
    let nodes = cfg.nodes.len();
    let mut blocks = vec![entry];
    for _ in 1..nodes {
        blocks.push(rw.create_block(region, &[], None));
    }
    let loc = src.loc_line(rw.ctx(), f.line);
    let mut im = FnImporter {
        rw,
        src,
        m,
        f,
        sigs,
        sealed: cfg.preds.iter().map(|p| p.is_empty()).collect(),
        cfg,
        blocks,
        entry,
        args,
        results,
        var_types,
        num_regs: f.num_regs,
        defs: vec![FxHashMap::default(); nodes],
        incomplete: vec![Vec::new(); nodes],
        phis: Vec::new(),
        phi_of_arg: FxHashMap::default(),
        phi_users: FxHashMap::default(),
        replaced: FxHashMap::default(),
        depth: 0,
        undefs: FxHashMap::default(),
        symbols: FxHashMap::default(),
        local_shared,
        read_regs: registers_read(f),
        conds: vec![None; nodes],
        rets: vec![Vec::new(); nodes],
        cur: 0,
        inst: 0,
        loc,
        ptx_loc: loc,
    };
    im.run()
}

/// Which registers of `f` some instruction reads.
fn registers_read(f: &Function) -> Vec<bool> {
    let mut read = vec![false; f.num_regs as usize];
    let mut mark = |r: u32| {
        if let Some(x) = read.get_mut(r as usize) {
            *x = true;
        }
    };
    for inst in &f.insts {
        if let Some((p, _)) = inst.guard {
            mark(p);
        }
        for op in &inst.src {
            match op {
                Operand::Reg(r) => mark(*r),
                Operand::Addr {
                    base: AddrBase::Reg(r),
                    ..
                } => mark(*r),
                Operand::Vector(v) => v.iter().for_each(|&r| mark(r)),
                _ => {}
            }
        }
    }
    read
}

/// The `function_type` of a function-like op.
fn lockstep_func_type(ctx: &lockstep_ir::Context, op: OpId) -> TypeId {
    ctx.attr_of(op, "function_type")
        .and_then(|a| match ctx.attr_data(a) {
            lockstep_ir::AttrData::Type(t) => Some(*t),
            _ => None,
        })
        .unwrap_or(ctx.common.i32)
}

impl FnImporter<'_, '_, '_> {
    fn run(&mut self) -> Result<(), Diagnostic> {
        let mut filled_preds = vec![0usize; self.cfg.nodes.len()];
        for n in 0..self.cfg.nodes.len() {
            self.fill(n)?;
            for s in self.cfg.nodes[n].term.successors() {
                filled_preds[s] += 1;
                if filled_preds[s] == self.cfg.preds[s].len() {
                    self.seal(s)?;
                }
            }
        }
        self.remove_redundant_phi_cycles()?;
        self.erase_dead_phis();
        for n in 0..self.cfg.nodes.len() {
            self.terminate(n)?;
        }
        Ok(())
    }

    fn fill(&mut self, n: usize) -> Result<(), Diagnostic> {
        self.cur = n;
        self.rw.set_insertion_point_to_end(self.blocks[n]);
        for i in self.cfg.nodes[n].insts.clone() {
            self.at_inst(i);
            self.raise(i)?;
        }
        if let Some(i) = self.cfg.nodes[n].term_inst {
            self.at_inst(i);
        }
        match self.cfg.nodes[n].term {
            Term::Cond { pred, .. } => {
                let i1 = self.rw.ctx().common.i1;
                let c = self.read_reg(pred, i1, false)?;
                self.conds[n] = Some(c);
            }
            Term::Return => {
                let base = self.num_regs + self.f.locals.len() as u32;
                let mut vals = Vec::new();
                for (k, &t) in self.results.clone().iter().enumerate() {
                    let v = self.read_var(base + k as u32, n)?;
                    vals.push(self.fit(v, t, false));
                }
                self.rets[n] = vals;
            }
            Term::Goto(_) => {}
        }
        Ok(())
    }

    fn terminate(&mut self, n: usize) -> Result<(), Diagnostic> {
        let loc = match self.cfg.nodes[n].term_inst {
            Some(i) => self.inst_loc(i),
            None => self.loc,
        };
        self.rw.set_insertion_point_to_end(self.blocks[n]);
        match self.cfg.nodes[n].term.clone() {
            Term::Goto(s) => {
                let ops = self.edge_operands(n, 0, s)?;
                self.rw.set_insertion_point_to_end(self.blocks[n]);
                lockstep_cf::build_br(self.rw, self.blocks[s], &ops, loc);
            }
            Term::Cond {
                negate,
                taken,
                fall,
                ..
            } => {
                let t_ops = self.edge_operands(n, 0, taken)?;
                let f_ops = self.edge_operands(n, 1, fall)?;
                // Values kept across the fill may be phis removed since.
                let c = match self.conds[n] {
                    Some(c) => self.resolve(c),
                    None => self.undef_now(),
                };
                self.rw.set_insertion_point_to_end(self.blocks[n]);
                let (bt, bf) = (self.blocks[taken], self.blocks[fall]);
                if negate {
                    lockstep_cf::build_cond_br(self.rw, c, bf, &f_ops, bt, &t_ops, loc);
                } else {
                    lockstep_cf::build_cond_br(self.rw, c, bt, &t_ops, bf, &f_ops, loc);
                }
            }
            Term::Return => {
                let vals: Vec<ValueId> = std::mem::take(&mut self.rets[n])
                    .into_iter()
                    .map(|v| self.resolve(v))
                    .collect();
                dev::ret(self.rw, &vals, loc);
            }
        }
        Ok(())
    }

    fn undef_now(&mut self) -> ValueId {
        let i1 = self.rw.ctx().common.i1;
        self.undef(i1)
    }

    // ----- locations and errors -----

    fn at_inst(&mut self, i: usize) {
        self.inst = i;
        self.loc = self.inst_loc(i);
        self.ptx_loc = self.inst_ptx_loc(i);
    }

    fn inst_ptx_loc(&self, i: usize) -> LocId {
        let pos = self.f.opcode_spans.get(i).map_or(0, |s| s.0 as usize);
        self.src.loc_at(self.rw.ctx(), pos)
    }

    /// The `.loc` in force at instruction `i`, else its PTX position.
    pub(crate) fn inst_loc(&self, i: usize) -> LocId {
        if let Some(Some((file, line, col))) = self.f.locs.get(i)
            && let Some((_, name)) = self.m.files.iter().find(|(n, _)| n == file)
        {
            return self.rw.ctx().file_loc(name, *line, *col);
        }
        self.inst_ptx_loc(i)
    }

    /// The text of the current instruction's opcode (`ld.global.f32`).
    pub(crate) fn opcode_text(&self) -> &str {
        self.f
            .opcode_spans
            .get(self.inst)
            .and_then(|&(s, e)| self.src.text.get(s as usize..e as usize))
            .unwrap_or("?")
    }

    /// "cannot raise 'OPCODE': msg" at the current instruction.
    pub(crate) fn error_here(&self, msg: &str) -> Diagnostic {
        Diagnostic::error(
            self.ptx_loc,
            format!("cannot raise '{}': {msg}", self.opcode_text()),
        )
    }

    // ----- values -----

    /// A value every node may use, created at the start of the entry block.
    fn in_entry(&mut self, make: impl FnOnce(&mut Rewriter<'_>) -> ValueId) -> ValueId {
        let ip = self.rw.insertion_point();
        self.rw
            .set_insertion_point(InsertPoint::BlockStart(self.entry));
        let v = make(self.rw);
        match ip {
            Some(ip) => self.rw.set_insertion_point(ip),
            None => self.rw.clear_insertion_point(),
        }
        v
    }

    /// The value of a register nobody wrote: zero of its type.
    pub(crate) fn undef(&mut self, ty: TypeId) -> ValueId {
        if let Some(&v) = self.undefs.get(&ty) {
            return v;
        }
        let loc = self.src.loc_line(self.rw.ctx(), self.f.line);
        let is_float = matches!(self.rw.ctx().type_data(ty), TypeData::Float(_));
        let v = self.in_entry(|rw| {
            if is_float {
                lockstep_arith::build_float_constant(rw, 0.0, ty, loc)
            } else {
                lockstep_arith::build_int_constant(rw, 0, ty, loc)
            }
        });
        self.undefs.insert(ty, v);
        v
    }

    /// The pointer a symbol names: `addressof`/`dynamic_shared` of a
    /// shared variable, an `alloca` for a `.local` one.
    pub(crate) fn symbol_pointer(&mut self, s: SymRef) -> Result<ValueId, Diagnostic> {
        if let Some(&v) = self.symbols.get(&s) {
            return Ok(v);
        }
        let loc = self.src.loc_line(self.rw.ctx(), self.f.line);
        let var = match s {
            SymRef::Global(g) => self.m.globals.get(g as usize),
            SymRef::Local(l) => self.f.locals.get(l as usize),
            _ => None,
        };
        let Some(var) = var else {
            return Err(self.error_here("the address of a parameter is not supported yet"));
        };
        let v = match (var.space, var.is_extern) {
            (Space::Shared, true) => self.in_entry(|rw| dev::dynamic_shared(rw, loc)),
            (Space::Shared, false) => {
                let name = match s {
                    SymRef::Local(l) => self.local_shared.get(&l).cloned(),
                    _ => Some(var.name.clone()),
                };
                let Some(name) = name else {
                    return Err(self.error_here("unknown shared variable"));
                };
                self.in_entry(|rw| dev::addressof(rw, &name, loc))
            }
            (Space::Local, _) => {
                let size = crate::byte_size(var, self.ptx_loc)?;
                let align = i64::from(var.align.max(1));
                self.in_entry(|rw| dev::alloca(rw, size, Some(align), loc))
            }
            _ => {
                return Err(self.error_here(&format!(
                    "the address of '{}' ({} space) is not supported yet",
                    var.name,
                    crate::space_directive(var.space)
                )));
            }
        };
        self.symbols.insert(s, v);
        Ok(v)
    }

    /// Converts `v` to type `want`: same-width integer/float views are
    /// bitcasts; narrower integers are extended (`signed` picks how), wider
    /// ones truncated.
    pub(crate) fn fit(&mut self, v: ValueId, want: TypeId, signed: bool) -> ValueId {
        let have = self.rw.ctx().value_type(v);
        if have == want {
            return v;
        }
        let (Some(hw), Some(ww)) = (self.bits(have), self.bits(want)) else {
            return v;
        };
        let loc = self.loc;
        let mut x = v;
        if self.is_float(have) {
            let t = self.rw.ctx().int_type(hw);
            x = self.cast(&A::BITCAST, x, t, loc);
        }
        let wt = self.rw.ctx().int_type(ww);
        if hw > ww {
            x = self.cast(&A::TRUNCI, x, wt, loc);
        } else if hw < ww {
            let def = if signed && hw > 1 {
                &A::EXTSI
            } else {
                &A::EXTUI
            };
            x = self.cast(def, x, wt, loc);
        }
        if self.is_float(want) {
            x = self.cast(&A::BITCAST, x, want, loc);
        }
        x
    }

    pub(crate) fn cast(
        &mut self,
        def: &'static lockstep_ir::OpDef,
        v: ValueId,
        to: TypeId,
        loc: LocId,
    ) -> ValueId {
        let op = self.rw.build(def, loc, &[v], &[to], &[]);
        self.rw.ctx().result(op, 0)
    }

    pub(crate) fn bits(&self, t: TypeId) -> Option<u32> {
        match self.rw.ctx().type_data(t) {
            TypeData::Integer { width, .. } => Some(*width),
            TypeData::Float(FloatKind::F32) => Some(32),
            TypeData::Float(FloatKind::F64) => Some(64),
            _ => None,
        }
    }

    pub(crate) fn is_float(&self, t: TypeId) -> bool {
        matches!(self.rw.ctx().type_data(t), TypeData::Float(_))
    }

    /// Register `r` read as type `want`.
    pub(crate) fn read_reg(
        &mut self,
        r: u32,
        want: TypeId,
        signed: bool,
    ) -> Result<ValueId, Diagnostic> {
        let v = self.read_var(r, self.cur)?;
        Ok(self.fit(v, want, signed))
    }

    /// Writes variable `var` in the current node.
    pub(crate) fn write_var(&mut self, var: u32, v: ValueId) {
        self.defs[self.cur].insert(var, v);
    }

    /// The type a register is declared with.
    pub(crate) fn reg_decl(&self, r: u32) -> ScalarType {
        self.f
            .reg_types
            .get(r as usize)
            .copied()
            .unwrap_or(ScalarType::B32)
    }

    /// Does any instruction read register `r`?
    pub(crate) fn is_read(&self, r: u32) -> bool {
        self.read_regs.get(r as usize).copied().unwrap_or(true)
    }

    /// The variable of a `.param` local (a call-sequence slot).
    pub(crate) fn local_var(&self, l: u32) -> u32 {
        self.num_regs + l
    }

    /// The variable of return slot `k`.
    pub(crate) fn ret_var(&self, k: u32) -> u32 {
        self.num_regs + self.f.locals.len() as u32 + k
    }
}
