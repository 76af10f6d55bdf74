//! `convert-device-to-ptx{sm=sm_80}`: instruction selection from a
//! `device.module` (device, arith, cf and math ops) to a `ptx.module` in SSA
//! form (see `docs/ptx-dialect.md`, "Selection rules").
//!
//! The pass replaces every `device.module` directly under its anchor by a
//! `ptx.module` of the same name, placed where the device module was; host
//! code is left alone. Per function:
//! - a `ptx.entry` (kernel) or `ptx.func` replaces the `device.kernel` /
//!   `device.func`; its entry block has no arguments and reads parameter
//!   `i` with `ld.param` (kernel pointer parameters, generic addresses from
//!   the host, then go through `cvta.to.SPACE`);
//! - every reachable device block gets one ptx block (plus the blocks a
//!   `cf.switch` compare chain or a `cf.assert` adds) keeping its block
//!   arguments with register types; out-of-SSA removes them later;
//! - ops are selected block by block in reverse post-order, so a value's
//!   register exists before any use (a definition dominates its uses);
//! - a `ptx` instruction found in device code is passed through: the same
//!   op definition and attributes over the operands' registers (the
//!   structure and control-flow ops of the `ptx` dialect are refused there
//!   by its verifier, and here again).
//!
//! Invariants:
//! - Register types: `i1`→`i1` (`.pred`), `i8`/`i16`→`i16`, `i32`→`i32`,
//!   `i64`/`index`→`i64`, `f32`, `f64`, every `!device.ptr<...>`→`i64`.
//!   An `i8` lives in the low byte of an `i16` register whose high byte is
//!   unspecified: ops that read the high byte (division, comparison, right
//!   shift, min/max, widening) first normalise with `cvt.{s,u}16.{s,u}8`.
//! - Parameters and results of `ptx.entry`/`ptx.func` use the register
//!   types except `i1`, which crosses calls as `i16` (PTX has no predicate
//!   parameters): written as 1 or 0, read by its low bit only.
//! - A `bra` gets `uni` only when it is unconditional or the divergence
//!   analysis, computed on the device module before selection, proves its
//!   branch uniform.
//! - Anything that cannot be selected is a located error "cannot lower
//!   'OP' to PTX: reason"; then the anchor keeps its device module (with
//!   any `scf` already lowered to `cf`) and the half-built ptx module is
//!   erased. Nothing panics.

mod arith;
mod control;
mod device;
mod divide;
mod math;

use crate::ptxas;
use lockstep_device::FunctionOp;
use lockstep_divergence::DivergenceInfo;
use lockstep_ir::{
    AttrId, BlockId, Context, Diagnostic, LocId, OpDef, OpId, OperationState, RegionId, Rewriter,
    TypeData, TypeId, ValueId,
};
use lockstep_pass::{OptionSpec, Pass, PassContext, PassInfo};
use rustc_hash::{FxHashMap, FxHashSet};

pub static INFO: PassInfo = PassInfo {
    argument: "convert-device-to-ptx",
    description: "Select PTX instructions for device code: every device.module becomes a ptx.module (SSA form)",
    options: &[OptionSpec {
        name: "sm",
        description: "Target architecture (sm_70, sm_75, sm_80, sm_86, sm_89, sm_90)",
        kind: "string",
        default: ptxas::DEFAULT_TARGET,
    }],
    create: |o| {
        for (k, _) in &o.entries {
            if k != "sm" {
                return Err(format!(
                    "no such option '{k}' for pass 'convert-device-to-ptx'"
                ));
            }
        }
        let sm = o.get("sm").unwrap_or(ptxas::DEFAULT_TARGET).to_string();
        Target::parse(&sm)?;
        Ok(Box::new(ConvertDeviceToPtx { sm }))
    },
};

/// The `convert-device-to-ptx` pass.
pub struct ConvertDeviceToPtx {
    pub sm: String,
}

impl Pass for ConvertDeviceToPtx {
    fn argument(&self) -> &'static str {
        "convert-device-to-ptx"
    }
    fn name(&self) -> &'static str {
        "ConvertDeviceToPtx"
    }
    fn options_string(&self) -> String {
        format!("{{sm={}}}", self.sm)
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let target = Target::parse(&self.sm).map_err(|m| Diagnostic::error(cx.ctx.loc(op), m))?;
        let n = convert_device_modules(cx.ctx, op, target)?;
        cx.stats.add(
            "num-device-modules",
            "Number of device modules lowered to PTX",
            n as u64,
        );
        if n == 0 {
            cx.mark_all_preserved();
        }
        Ok(())
    }
}

/// The PTX target: `sm_NN` and the ISA `.version` it gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    pub sm: &'static str,
    pub version: &'static str,
    /// `NN` of `sm_NN`.
    pub arch: u32,
}

impl Target {
    /// A known target (`ptxas::TARGETS`), or a message listing them.
    pub fn parse(sm: &str) -> Result<Target, String> {
        let known = ptxas::TARGETS.iter().find(|(t, _)| *t == sm);
        match known {
            Some(&(sm, version)) => Ok(Target {
                sm,
                version,
                arch: sm.trim_start_matches("sm_").parse().unwrap_or(0),
            }),
            None => Err(format!(
                "unknown PTX target '{sm}' (expected one of {})",
                ptxas::TARGETS
                    .iter()
                    .map(|(t, _)| *t)
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }
}

/// Replaces every `device.module` directly under `root` by a `ptx.module`
/// for `target`; returns how many were lowered. On error the failing
/// device module stays (its `scf`, if any, lowered to `cf`).
pub fn convert_device_modules(
    ctx: &mut Context,
    root: OpId,
    target: Target,
) -> Result<usize, Diagnostic> {
    if ctx.isa(root, &lockstep_device::MODULE) {
        return Err(Diagnostic::error(
            ctx.loc(root),
            "convert-device-to-ptx must run on the module holding the device.module, not on the device.module itself",
        ));
    }
    let modules: Vec<OpId> = ctx
        .regions(root)
        .iter()
        .flat_map(|&r| ctx.region_blocks(r).iter())
        .flat_map(|&b| ctx.block_ops(b))
        .filter(|&o| ctx.isa(o, &lockstep_device::MODULE))
        .collect();
    for &m in &modules {
        convert_device_module(ctx, m, target)?;
    }
    Ok(modules.len())
}

/// Replaces one `device.module` by a `ptx.module` (inserted at its place);
/// returns the `ptx.module`.
pub fn convert_device_module(
    ctx: &mut Context,
    dmod: OpId,
    target: Target,
) -> Result<OpId, Diagnostic> {
    if has_scf_ops(ctx, dmod) {
        lockstep_transforms::scf_to_cf::lower_scf_to_cf(&mut Rewriter::new(ctx), dmod)?;
    }
    let div = DivergenceInfo::compute(ctx, dmod);
    let mut rw = Rewriter::new(ctx);
    let name = lockstep_ir::symbol::symbol_name(rw.ctx(), dmod)
        .map(|s| rw.ctx().str(s).to_string())
        .unwrap_or_default();
    let loc = rw.ctx().loc(dmod);
    rw.set_insertion_point_before(dmod);
    let (pmod, pblock) =
        lockstep_ptx::create_module(&mut rw, &name, target.sm, target.version, loc);
    match lower_module_body(&mut rw, &div, target, dmod, pblock) {
        Ok(()) => {
            rw.erase_op(dmod);
            Ok(pmod)
        }
        Err(d) => {
            rw.erase_op(pmod);
            Err(d)
        }
    }
}

fn has_scf_ops(ctx: &Context, root: OpId) -> bool {
    let mut found = false;
    ctx.walk_pre(root, &mut |o| {
        found |= ctx.def_of(o).is_some_and(|d| d.dialect() == "scf");
    });
    found
}

/// What one module's functions share: symbols created on demand.
pub(crate) struct ModuleState {
    /// The block of the `ptx.module`.
    block: BlockId,
    /// Symbols in use in the ptx module (device symbols and new ones).
    symbols: FxHashSet<String>,
    /// The `extern` shared array for `device.dynamic_shared`, once created.
    dynamic_shared: Option<String>,
    /// Counter for `ptx.local` names.
    locals: usize,
    /// `device.func` declarations (no body): calls to them cannot be lowered.
    pub(crate) declarations: FxHashSet<String>,
}

impl ModuleState {
    /// A symbol name starting with `base` not used yet.
    fn fresh_symbol(&mut self, base: &str) -> String {
        let mut n = 0usize;
        loop {
            let name = if n == 0 {
                base.to_string()
            } else {
                format!("{base}_{n}")
            };
            if self.symbols.insert(name.clone()) {
                return name;
            }
            n += 1;
        }
    }
}

fn lower_module_body(
    rw: &mut Rewriter<'_>,
    div: &DivergenceInfo,
    target: Target,
    dmod: OpId,
    pblock: BlockId,
) -> Result<(), Diagnostic> {
    let children: Vec<OpId> = rw
        .ctx()
        .regions(dmod)
        .iter()
        .flat_map(|&r| rw.ctx().region_blocks(r).iter())
        .flat_map(|&b| rw.ctx().block_ops(b))
        .collect();
    let mut state = ModuleState {
        block: pblock,
        symbols: FxHashSet::default(),
        dynamic_shared: None,
        locals: 0,
        declarations: FxHashSet::default(),
    };
    for &c in &children {
        if let Some(s) = lockstep_ir::symbol::symbol_name(rw.ctx(), c) {
            state.symbols.insert(rw.ctx().str(s).to_string());
        }
    }
    for &c in &children {
        let ctx = rw.ctx();
        if ctx.isa(c, &lockstep_device::SHARED) {
            let name = lockstep_ir::symbol::symbol_name(ctx, c)
                .map(|s| ctx.str(s).to_string())
                .unwrap_or_default();
            let size = ctx.int_attr_of(c, "size").unwrap_or(0).max(0) as u64;
            let align = ctx
                .int_attr_of(c, "alignment")
                .unwrap_or(1)
                .clamp(1, 1 << 20) as u32;
            let loc = ctx.loc(c);
            rw.set_insertion_point_to_end(pblock);
            lockstep_ptx::shared(rw, &name, size, align, false, loc);
        } else if let Some(f) = FunctionOp::from_op(ctx, c) {
            if f.is_declaration(ctx) {
                // Only the declaration of a function nobody calls is
                // harmless; a call to it is reported at the call.
                state.declarations.insert(f.name(ctx).to_string());
                continue;
            }
            lower_function(rw, div, target, &mut state, f)?;
        } else {
            return Err(cannot_lower(
                ctx,
                c,
                "not allowed directly in a device.module",
            ));
        }
    }
    Ok(())
}

/// "cannot lower 'OP' to PTX: reason", located at `op`.
pub(crate) fn cannot_lower(ctx: &Context, op: OpId, reason: &str) -> Diagnostic {
    Diagnostic::error(
        ctx.loc(op),
        format!("cannot lower '{}' to PTX: {reason}", ctx.name_of(op)),
    )
}

// ----- types -----

/// What a device value holds, as far as selection cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scalar {
    /// A signless integer (or `index`, width 64) of width 1, 8, 16, 32 or 64.
    Int(u32),
    F32,
    F64,
    /// A `!device.ptr<...>`: a 64-bit address.
    Ptr,
}

impl Scalar {
    pub(crate) fn of(ctx: &Context, ty: TypeId) -> Option<Scalar> {
        if lockstep_device::ptr_space(ctx, ty).is_some() {
            return Some(Scalar::Ptr);
        }
        match ctx.type_data(ty) {
            TypeData::Index => Some(Scalar::Int(64)),
            TypeData::Integer { width, .. }
                if ctx.type_data(ty).is_signless_integer()
                    && matches!(width, 1 | 8 | 16 | 32 | 64) =>
            {
                Some(Scalar::Int(*width))
            }
            TypeData::Float(lockstep_ir::types::FloatKind::F32) => Some(Scalar::F32),
            TypeData::Float(lockstep_ir::types::FloatKind::F64) => Some(Scalar::F64),
            _ => None,
        }
    }

    /// The width of the value in bits (pointers: 64).
    pub(crate) fn width(self) -> u32 {
        match self {
            Scalar::Int(w) => w,
            Scalar::F32 => 32,
            Scalar::F64 | Scalar::Ptr => 64,
        }
    }

    /// The width of the register holding the value (`i8` → 16).
    pub(crate) fn reg_width(self) -> u32 {
        match self {
            Scalar::Int(8) => 16,
            s => s.width(),
        }
    }

    pub(crate) fn is_float(self) -> bool {
        matches!(self, Scalar::F32 | Scalar::F64)
    }

    /// The register type.
    pub(crate) fn reg_type(self, ctx: &Context) -> TypeId {
        match self {
            Scalar::Int(1) => ctx.common.i1,
            Scalar::Int(8 | 16) => ctx.common.i16,
            Scalar::Int(32) => ctx.common.i32,
            Scalar::Int(_) | Scalar::Ptr => ctx.common.i64,
            Scalar::F32 => ctx.common.f32,
            Scalar::F64 => ctx.common.f64,
        }
    }

    /// The type parameters and results of this value cross calls as.
    pub(crate) fn abi_type(self, ctx: &Context) -> TypeId {
        match self {
            Scalar::Int(1) => ctx.common.i16,
            s => s.reg_type(ctx),
        }
    }

    /// The type of a kernel parameter of this value: as for calls, except
    /// that C's one-byte `bool` and `char` take one byte of the launch's
    /// parameter buffer (`.param .u8`), as the host packs them.
    pub(crate) fn kernel_param_type(self, ctx: &Context) -> TypeId {
        match self {
            Scalar::Int(1 | 8) => ctx.int_type(8),
            s => s.abi_type(ctx),
        }
    }
}

/// `s32`, `u16`, `b64`, `f32`: a PTX type modifier of `width` bits.
pub(crate) fn ty_mod(kind: char, width: u32) -> String {
    format!("{kind}{width}")
}

// ----- the per-function lowering state -----

pub(crate) struct Lowering<'a, 'c> {
    pub(crate) rw: &'a mut Rewriter<'c>,
    pub(crate) div: &'a DivergenceInfo,
    pub(crate) target: Target,
    pub(crate) module: &'a mut ModuleState,
    /// Device value → register.
    values: FxHashMap<ValueId, ValueId>,
    /// Device block → the ptx block its code starts in.
    pub(crate) blocks: FxHashMap<BlockId, BlockId>,
    /// The ptx function's body and entry block.
    pub(crate) region: RegionId,
    pub(crate) entry: BlockId,
    /// The last `ptx.local` created (they stay together at the top of the
    /// entry block).
    last_local: Option<OpId>,
    /// Ops selected as part of another: `arith.muli` ops folded into the
    /// `mad` of their single user, extensions folded into the narrow load
    /// they extend.
    pub(crate) fused: FxHashSet<OpId>,
    /// The ptx block code is currently appended to.
    pub(crate) current: BlockId,
    /// The location of the op being lowered.
    pub(crate) loc: LocId,
    pub(crate) is_kernel: bool,
}

fn lower_function(
    rw: &mut Rewriter<'_>,
    div: &DivergenceInfo,
    target: Target,
    module: &mut ModuleState,
    f: FunctionOp,
) -> Result<(), Diagnostic> {
    let ctx = rw.ctx();
    let op = f.0;
    let name = f.name(ctx).to_string();
    let loc = ctx.loc(op);
    let is_kernel = f.is_kernel(ctx);
    let abi = |tys: &[TypeId]| -> Result<Vec<TypeId>, Diagnostic> {
        tys.iter()
            .map(|&t| {
                let of = |s: Scalar| {
                    if is_kernel {
                        s.kernel_param_type(ctx)
                    } else {
                        s.abi_type(ctx)
                    }
                };
                Scalar::of(ctx, t).map(of).ok_or_else(|| {
                    cannot_lower(
                        ctx,
                        op,
                        &format!(
                            "unsupported parameter or result type '{}'",
                            type_text(ctx, t)
                        ),
                    )
                })
            })
            .collect()
    };
    let params = abi(f.inputs(ctx))?;
    let results = abi(f.results(ctx))?;
    if results.len() > 1 {
        return Err(cannot_lower(
            ctx,
            op,
            &format!(
                "returns {} values; a PTX function returns at most one",
                results.len()
            ),
        ));
    }
    let Some(body) = f.body(ctx) else {
        return Err(cannot_lower(ctx, op, "function without a body"));
    };
    let dblocks: Vec<BlockId> = ctx.region_blocks(body).to_vec();
    let order = reverse_post_order(ctx, &dblocks);
    rw.set_insertion_point_to_end(module.block);
    let (pfunc, entry) = if is_kernel {
        lockstep_ptx::create_entry(rw, &name, &params, &[], loc)
    } else {
        lockstep_ptx::create_func(rw, &name, &params, &results, loc)
    };
    let region = rw.ctx().regions(pfunc)[0];
    let mut l = Lowering {
        rw: &mut *rw,
        div,
        target,
        module,
        values: FxHashMap::default(),
        blocks: FxHashMap::default(),
        region,
        entry,
        last_local: None,
        fused: FxHashSet::default(),
        current: entry,
        loc,
        is_kernel,
    };
    l.create_blocks(&dblocks, &order)?;
    l.load_params(op, &dblocks)?;
    l.fused = arith::fusable_multiplies(l.ctx(), &order);
    for &b in &order {
        l.lower_block(b)?;
    }
    erase_dead_instructions(rw, region);
    Ok(())
}

/// Erases pure instructions whose results nobody reads (selection leaves
/// e.g. the `cvt` of an index folded into `mul.wide`, or a constant
/// folded into an address offset), and the ones only they read: a
/// worklist seeded in reverse program order, so each op is looked at a
/// bounded number of times.
fn erase_dead_instructions(rw: &mut Rewriter<'_>, region: RegionId) {
    let ctx = rw.ctx();
    let is_dead = |ctx: &Context, o: OpId| {
        ctx.has_trait(o, lockstep_ir::Traits::PURE)
            && !ctx.has_trait(o, lockstep_ir::Traits::TERMINATOR)
            && !ctx.results(o).is_empty()
            && ctx.results(o).iter().all(|&r| !ctx.has_uses(r))
    };
    let mut work: Vec<OpId> = ctx
        .region_blocks(region)
        .iter()
        .flat_map(|&b| ctx.block_ops(b))
        .collect();
    let mut erased = FxHashSet::default();
    while let Some(o) = work.pop() {
        if erased.contains(&o) || !is_dead(rw.ctx(), o) {
            continue;
        }
        let defs: Vec<OpId> = rw
            .ctx()
            .operands(o)
            .iter()
            .filter_map(|&v| rw.ctx().defining_op(v))
            .collect();
        rw.erase_op(o);
        erased.insert(o);
        // No op is created here, so erased ids are not reused.
        work.extend(defs.into_iter().filter(|d| !erased.contains(d)));
    }
}

/// The reachable blocks of a region (first = entry), in reverse
/// post-order of the CFG.
fn reverse_post_order(ctx: &Context, blocks: &[BlockId]) -> Vec<BlockId> {
    let Some(&entry) = blocks.first() else {
        return Vec::new();
    };
    let mut seen = FxHashSet::default();
    let mut post = Vec::new();
    // Iterative DFS: (block, next successor index).
    let mut stack = vec![(entry, 0usize)];
    seen.insert(entry);
    while let Some(&mut (b, ref mut i)) = stack.last_mut() {
        let succs = ctx.succ_blocks(b);
        if *i < succs.len() {
            let s = succs[*i];
            *i += 1;
            if seen.insert(s) {
                stack.push((s, 0));
            }
        } else {
            post.push(b);
            stack.pop();
        }
    }
    post.reverse();
    post
}

/// The window a kernel pointer parameter of `space` is converted to
/// (`None`: kept as passed).
fn kernel_param_window(space: lockstep_device::AddressSpace) -> Option<&'static str> {
    use lockstep_device::AddressSpace as S;
    match space {
        S::Global => Some("global"),
        S::Shared => Some("shared"),
        S::Local => Some("local"),
        S::Const => Some("const"),
        S::Param | S::Generic => None,
    }
}

pub(crate) fn type_text(ctx: &Context, t: TypeId) -> String {
    let mut s = String::new();
    lockstep_ir::printer::write_type(ctx, t, &mut s);
    s
}

impl<'a, 'c> Lowering<'a, 'c> {
    pub(crate) fn ctx(&self) -> &Context {
        self.rw.ctx()
    }

    /// One ptx block per reachable device block, in the device order, with
    /// the block arguments in register types (the entry block has none:
    /// parameters are loaded).
    fn create_blocks(&mut self, dblocks: &[BlockId], order: &[BlockId]) -> Result<(), Diagnostic> {
        let reachable: FxHashSet<BlockId> = order.iter().copied().collect();
        for (i, &b) in dblocks.iter().enumerate() {
            if !reachable.contains(&b) {
                continue;
            }
            if i == 0 {
                self.blocks.insert(b, self.entry);
                continue;
            }
            let mut tys = Vec::new();
            for &a in self.ctx().block_args(b) {
                tys.push(self.reg_type_of(a, None)?);
            }
            let pos = self.ctx().region_blocks(self.region).len();
            let nb = self.rw.create_block_at(self.region, pos, &tys, None);
            let args: Vec<ValueId> = self.ctx().block_args(nb).to_vec();
            for (&d, p) in self.ctx().block_args(b).to_vec().iter().zip(args) {
                self.values.insert(d, p);
            }
            self.blocks.insert(b, nb);
        }
        Ok(())
    }

    /// `ld.param` of every parameter into the entry block; kernel global
    /// pointers are converted to the global window; `i1` parameters (passed
    /// as `i16`) become predicates.
    fn load_params(&mut self, func: OpId, dblocks: &[BlockId]) -> Result<(), Diagnostic> {
        let Some(&dentry) = dblocks.first() else {
            return Ok(());
        };
        self.rw.set_insertion_point_to_end(self.entry);
        self.current = self.entry;
        self.loc = self.ctx().loc(func);
        let args: Vec<ValueId> = self.ctx().block_args(dentry).to_vec();
        for (i, a) in args.into_iter().enumerate() {
            let ty = self.ctx().value_type(a);
            let Some(s) = Scalar::of(self.ctx(), ty) else {
                return Err(cannot_lower(
                    self.ctx(),
                    func,
                    &format!("unsupported parameter type '{}'", type_text(self.ctx(), ty)),
                ));
            };
            let abi = if self.is_kernel {
                s.kernel_param_type(self.ctx())
            } else {
                s.abi_type(self.ctx())
            };
            let loc = self.loc;
            let mut r = lockstep_ptx::ld_param(self.rw, abi, i, loc);
            if s == Scalar::Int(1) {
                // Only the low bit counts (a `bool` is 0 or 1; a call's
                // `i1` travels as a 16-bit 0/1).
                let i16t = self.ctx().common.i16;
                let one = self.imm(i16t, 1);
                let bit = self.emit(&lockstep_ptx::AND, "b16", &[r, one], i16t);
                r = self.nonzero_pred(bit, 16);
            } else if self.is_kernel
                && let Some(space) = lockstep_device::ptr_space(self.ctx(), ty)
                && let Some(window) = kernel_param_window(space)
            {
                // The host passes generic addresses.
                let i64t = self.ctx().common.i64;
                r = self.emit(&lockstep_ptx::CVTA, &format!("to.{window}.u64"), &[r], i64t);
            }
            self.values.insert(a, r);
        }
        Ok(())
    }

    fn lower_block(&mut self, b: BlockId) -> Result<(), Diagnostic> {
        let Some(&pb) = self.blocks.get(&b) else {
            return Ok(());
        };
        self.current = pb;
        self.rw.set_insertion_point_to_end(pb);
        let ops: Vec<OpId> = self.ctx().block_ops(b).collect();
        for op in ops {
            self.loc = self.ctx().loc(op);
            self.lower_op(op)?;
        }
        Ok(())
    }

    fn lower_op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let Some(def) = self.ctx().def_of(op) else {
            return Err(cannot_lower(self.ctx(), op, "unregistered operation"));
        };
        match def.dialect() {
            "arith" => arith::lower(self, op, def),
            "math" => math::lower(self, op, def),
            "device" => device::lower(self, op, def),
            "cf" => control::lower(self, op, def),
            d if d == lockstep_ptx::PTX.name => self.pass_through(op, def),
            _ => Err(cannot_lower(
                self.ctx(),
                op,
                "no PTX selection for this dialect in device code",
            )),
        }
    }

    /// A `ptx` instruction in device code (written by hand or raised from
    /// PTX by an importer) is its own selection: the same definition with
    /// the same attributes, its operands replaced by their registers, its
    /// results recorded as the registers of the device results. Device
    /// values of the register types (`i1`, `i16`, `i32`, `i64`, `f32`,
    /// `f64`, all an instruction's operands can be) live in registers of
    /// that same type, and a `sym` names a `device.shared`, which keeps its
    /// name as a `ptx.shared`.
    fn pass_through(&mut self, op: OpId, def: &'static OpDef) -> Result<(), Diagnostic> {
        if !lockstep_ptx::allowed_in_device_code(def) {
            return Err(cannot_lower(
                self.ctx(),
                op,
                "only PTX instructions, not the structure and control-flow ops of 'ptx.entry'/'ptx.func', can be passed through from device code",
            ));
        }
        let operands = self.operands(op)?;
        for (&d, &r) in self.ctx().operands(op).iter().zip(&operands) {
            let (dt, rt) = (self.ctx().value_type(d), self.ctx().value_type(r));
            if dt != rt {
                return Err(cannot_lower(
                    self.ctx(),
                    op,
                    &format!(
                        "an operand of type '{}' is held in a register of type '{}'",
                        type_text(self.ctx(), dt),
                        type_text(self.ctx(), rt)
                    ),
                ));
            }
        }
        let ctx = self.ctx();
        let results: Vec<ValueId> = ctx.results(op).to_vec();
        let result_types: Vec<TypeId> = results.iter().map(|&r| ctx.value_type(r)).collect();
        let mut st = OperationState::new(lockstep_func::function_like::op_name(ctx, def), self.loc)
            .operands(&operands)
            .results(&result_types);
        st.attrs = ctx.attrs(op).to_vec();
        let new = self.rw.create(st);
        let regs: Vec<ValueId> = self.ctx().results(new).to_vec();
        for (d, r) in results.into_iter().zip(regs) {
            self.set(d, r);
        }
        Ok(())
    }

    // ----- values -----

    /// The register holding device value `v`.
    pub(crate) fn get(&self, op: OpId, v: ValueId) -> Result<ValueId, Diagnostic> {
        self.values.get(&v).copied().ok_or_else(|| {
            cannot_lower(
                self.ctx(),
                op,
                "an operand is defined in code that was not lowered (unreachable block?)",
            )
        })
    }

    /// The registers of all of `op`'s operands.
    pub(crate) fn operands(&self, op: OpId) -> Result<Vec<ValueId>, Diagnostic> {
        self.ctx()
            .operands(op)
            .iter()
            .map(|&v| self.get(op, v))
            .collect()
    }

    /// Records that device value `v` is held by register `r`.
    pub(crate) fn set(&mut self, v: ValueId, r: ValueId) {
        self.values.insert(v, r);
    }

    /// The scalar kind of a device value, or an error naming `op`.
    pub(crate) fn scalar(&self, op: OpId, v: ValueId) -> Result<Scalar, Diagnostic> {
        let ty = self.ctx().value_type(v);
        Scalar::of(self.ctx(), ty).ok_or_else(|| {
            cannot_lower(
                self.ctx(),
                op,
                &format!("unsupported type '{}'", type_text(self.ctx(), ty)),
            )
        })
    }

    fn reg_type_of(&self, v: ValueId, op: Option<OpId>) -> Result<TypeId, Diagnostic> {
        let ty = self.ctx().value_type(v);
        match Scalar::of(self.ctx(), ty) {
            Some(s) => Ok(s.reg_type(self.ctx())),
            None => {
                let msg = format!("unsupported type '{}'", type_text(self.ctx(), ty));
                Err(match op {
                    Some(op) => cannot_lower(self.ctx(), op, &msg),
                    None => Diagnostic::error(
                        self.ctx().value_loc(v),
                        format!("cannot lower block argument to PTX: {msg}"),
                    ),
                })
            }
        }
    }

    // ----- emission -----

    /// Emits `def` with `mods` and operands, with a result of type `ty`.
    pub(crate) fn emit(
        &mut self,
        def: &'static OpDef,
        mods: &str,
        operands: &[ValueId],
        ty: TypeId,
    ) -> ValueId {
        let loc = self.loc;
        let (_, r) = lockstep_ptx::inst(self.rw, def, mods, operands, Some(ty), &[], loc);
        r.unwrap_or(operands[0])
    }

    /// Emits `def` with extra inherent attributes; the result, if `ty`.
    pub(crate) fn emit_with(
        &mut self,
        def: &'static OpDef,
        mods: &str,
        operands: &[ValueId],
        ty: Option<TypeId>,
        attrs: &[(&str, AttrId)],
    ) -> Option<ValueId> {
        let loc = self.loc;
        lockstep_ptx::inst(self.rw, def, mods, operands, ty, attrs, loc).1
    }

    /// Emits `def` without a result.
    pub(crate) fn emit_void(&mut self, def: &'static OpDef, mods: &str, operands: &[ValueId]) {
        let loc = self.loc;
        lockstep_ptx::inst(self.rw, def, mods, operands, None, &[], loc);
    }

    /// An integer constant in a register of type `ty`.
    pub(crate) fn imm(&mut self, ty: TypeId, v: i64) -> ValueId {
        let loc = self.loc;
        lockstep_ptx::mov_imm_int(self.rw, ty, v, loc)
    }

    /// A float constant in a register of type `ty` (`f32`/`f64`).
    pub(crate) fn fimm(&mut self, ty: TypeId, v: f64) -> ValueId {
        let loc = self.loc;
        lockstep_ptx::mov_imm_float(self.rw, ty, v, loc)
    }

    /// `setp.ne.bN p, r, 0` of an integer register of `width` bits.
    pub(crate) fn nonzero_pred(&mut self, r: ValueId, width: u32) -> ValueId {
        let ty = self.ctx().value_type(r);
        let zero = self.imm(ty, 0);
        let i1 = self.ctx().common.i1;
        self.emit(
            &lockstep_ptx::SETP,
            &format!("ne.{}", ty_mod('b', width)),
            &[r, zero],
            i1,
        )
    }

    /// A predicate as an integer register of `width` bits: `t` when set,
    /// 0 otherwise (`selp`).
    pub(crate) fn pred_to_int(&mut self, p: ValueId, width: u32, t: i64) -> ValueId {
        let ty = match width {
            16 => self.ctx().common.i16,
            32 => self.ctx().common.i32,
            _ => self.ctx().common.i64,
        };
        let a = self.imm(ty, t);
        let b = self.imm(ty, 0);
        self.emit(&lockstep_ptx::SELP, &ty_mod('b', width), &[a, b, p], ty)
    }

    /// Creates a new ptx block right after the current one.
    pub(crate) fn new_block_after_current(&mut self) -> BlockId {
        let pos = self
            .ctx()
            .block_index(self.current)
            .map_or(self.ctx().region_blocks(self.region).len(), |i| i + 1);
        self.rw.create_block_at(self.region, pos, &[], None)
    }

    /// Continues emission at the end of `b`.
    pub(crate) fn switch_to(&mut self, b: BlockId) {
        self.current = b;
        self.rw.set_insertion_point_to_end(b);
    }

    /// Creates `ptx.local` storage (at the top of the entry block) and
    /// returns its name.
    pub(crate) fn create_local(&mut self, size: u64, align: u32) -> String {
        let base = format!("__local_depot{}", self.module.locals);
        self.module.locals += 1;
        let name = self.module.fresh_symbol(&base);
        let saved = self.rw.insertion_point();
        match self.last_local {
            Some(o) => self.rw.set_insertion_point_after(o),
            None => self.rw.set_insertion_point_to_start(self.entry),
        }
        let loc = self.loc;
        let op = lockstep_ptx::local(self.rw, &name, size, align, loc);
        self.last_local = Some(op);
        if let Some(ip) = saved {
            self.rw.set_insertion_point(ip);
        }
        name
    }

    /// The name of the module's `extern` shared array, created on first use.
    pub(crate) fn dynamic_shared_symbol(&mut self) -> String {
        if let Some(n) = &self.module.dynamic_shared {
            return n.clone();
        }
        let name = self.module.fresh_symbol("__dynamic_shared");
        let saved = self.rw.insertion_point();
        // Before the first function, after the static shared arrays.
        let first_fn = self.ctx().block_ops(self.module.block).find(|&o| {
            self.ctx().isa(o, &lockstep_ptx::ENTRY) || self.ctx().isa(o, &lockstep_ptx::FUNC)
        });
        match first_fn {
            Some(f) => self.rw.set_insertion_point_before(f),
            None => self.rw.set_insertion_point_to_end(self.module.block),
        }
        let loc = self.loc;
        lockstep_ptx::shared(self.rw, &name, 0, 16, true, loc);
        if let Some(ip) = saved {
            self.rw.set_insertion_point(ip);
        }
        self.module.dynamic_shared = Some(name.clone());
        name
    }

    /// Is the branch `op` (a `cf.cond_br`/`cf.switch`) proven uniform?
    pub(crate) fn is_uniform_branch(&self, op: OpId) -> bool {
        self.div.is_conditional_branch(op) && !self.div.is_divergent_branch(self.ctx(), op)
    }

    /// Is operand `i` of `op` proven warp-uniform where `op` reads it?
    pub(crate) fn is_uniform_use(&self, op: OpId, i: usize) -> bool {
        !self.div.is_divergent_use(self.ctx(), op, i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets() {
        let t = Target::parse("sm_90").unwrap();
        assert_eq!((t.sm, t.version, t.arch), ("sm_90", "8.0", 90));
        assert_eq!(Target::parse("sm_75").unwrap().arch, 75);
        let err = Target::parse("sm_52").unwrap_err();
        assert!(
            err.contains("unknown PTX target 'sm_52'") && err.contains("sm_80"),
            "{err}"
        );
    }

    #[test]
    fn register_types() {
        let ctx = lockstep_registry::new_context(false);
        let c = &ctx.common;
        let cases = [
            (c.i1, c.i1, c.i16),
            (c.i8, c.i16, c.i16),
            (c.i16, c.i16, c.i16),
            (c.i32, c.i32, c.i32),
            (c.i64, c.i64, c.i64),
            (c.index, c.i64, c.i64),
            (c.f32, c.f32, c.f32),
            (c.f64, c.f64, c.f64),
        ];
        for (ty, reg, abi) in cases {
            let s = Scalar::of(&ctx, ty).unwrap();
            assert_eq!(s.reg_type(&ctx), reg);
            assert_eq!(s.abi_type(&ctx), abi);
        }
        for &space in lockstep_device::AddressSpace::ALL {
            let p = lockstep_device::ptr_type(&ctx, space);
            assert_eq!(Scalar::of(&ctx, p), Some(Scalar::Ptr));
            assert_eq!(Scalar::of(&ctx, p).unwrap().reg_type(&ctx), c.i64);
        }
        assert_eq!(Scalar::of(&ctx, c.f16), None);
        assert_eq!(Scalar::of(&ctx, ctx.int_type(7)), None);
    }

    #[test]
    fn fresh_symbols_avoid_existing_names() {
        let mut st = ModuleState {
            block: BlockId::from_index(0),
            symbols: ["x".to_string(), "x_1".to_string()].into_iter().collect(),
            dynamic_shared: None,
            locals: 0,
            declarations: FxHashSet::default(),
        };
        assert_eq!(st.fresh_symbol("x"), "x_2");
        assert_eq!(st.fresh_symbol("y"), "y");
        assert_eq!(st.fresh_symbol("y"), "y_1");
    }
}
