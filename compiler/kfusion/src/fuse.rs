//! The device side of kernel fusion: building the kernel whose every thread
//! runs the body of a first kernel and then the body of a second one.
//!
//! Invariants:
//! - [`build_fused_kernel`] either creates exactly one new `device.kernel`
//!   (plus the `device.shared` copies described below) or changes nothing
//!   and returns a located diagnostic: every check happens before the first
//!   mutation, and nothing panics on bad input.
//! - No thread leaves the fused kernel before the seam: every
//!   `device.return` of the first part becomes a branch to the seam block,
//!   so early exits (`if (i >= n) return;`) still run the second part and
//!   reach the seam barrier. The second part's returns stay.
//! - The two parts use disjoint clones of the source bodies; they share only
//!   the fused parameters. The sources are left untouched.
//! - A static shared global addressed by both parts is duplicated for the
//!   second part: otherwise threads still in the first part could observe
//!   the second part's shared-memory writes (two launches never share it).
//!   Globals used by only one part are referenced as they are. Only the
//!   kernels' own bodies are rewritten; callees are not looked into (the
//!   legality analysis refuses calls).
//! - A fused pointer parameter carries `device.restrict` exactly when the
//!   caller vouches for it (`FusionSpec::restrict`: the host proved it
//!   distinct from every other pointer parameter, which is all the alias
//!   analysis reads from the mark); `llvm.noalias` from a source is dropped
//!   with it otherwise. Every other argument attribute is kept.
//! - Cloned ops keep their locations; the new kernel has the first kernel's
//!   location, the seam ops the second kernel's.

/// The attribute marking a `device.shared` global the builder copied for
/// a second part.
pub const SHARED_COPY_ATTR: &str = "kfusion.copy";
use lockstep_cf::build_br;
use lockstep_device::build as dbuild;
use lockstep_func::function_like;
use lockstep_ir::attrs::AttrData;
use lockstep_ir::symbol::lookup_symbol_in;
use lockstep_ir::{AttrId, BlockId, Context, Diagnostic, OpId, Rewriter, Sym, TypeId};
use lockstep_transforms::clone::{IrMapping, clone_op, clone_region_into};
use rustc_hash::FxHashSet;

/// How the parameters of the fused kernel come from the two kernels.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FusionSpec {
    /// Symbol name for the new kernel (the caller picks a unique one).
    pub name: String,
    /// `first_params[i]` = index in the fused kernel of parameter i of `first`.
    pub first_params: Vec<usize>,
    /// `second_params[j]` = index in the fused kernel of parameter j of `second`.
    pub second_params: Vec<usize>,
    /// Number of fused parameters. Every fused index is used by at least one
    /// side; when both sides map to the same fused index, the types must agree.
    pub num_params: usize,
    /// Insert a block barrier (`device.barrier`) at the seam.
    pub barrier: bool,
    /// Fused parameters that get `device.restrict` (the host proves them
    /// distinct from every other pointer parameter), whether or not a source
    /// parameter had it; ignored for non-pointer parameters. All other
    /// parameters get no restrict. One entry per fused parameter.
    pub restrict: Vec<bool>,
}

/// What the checks learned about one source kernel.
struct Side {
    op: OpId,
    name: String,
    body: lockstep_ir::RegionId,
    entry: BlockId,
    types: Vec<TypeId>,
}

fn error(ctx: &Context, op: OpId, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::error(ctx.loc(op), msg.into())
}

fn side(ctx: &Context, op: OpId, which: &str) -> Result<Side, Diagnostic> {
    if !ctx.is_live_op(op) || ctx.name_of(op) != "device.kernel" {
        let what = if ctx.is_live_op(op) {
            ctx.name_of(op).to_string()
        } else {
            "an erased op".to_string()
        };
        return Err(error(
            ctx,
            op,
            format!("kernel fusion: the {which} kernel is '{what}', not a device.kernel"),
        ));
    }
    let name = function_like::name(ctx, op).to_string();
    let body = function_like::body(ctx, op);
    let entry = function_like::entry_block(ctx, op);
    let (Some(body), Some(entry)) = (body, entry) else {
        return Err(error(
            ctx,
            op,
            format!("kernel fusion: @{name} has no body"),
        ));
    };
    let types = ctx
        .block_args(entry)
        .iter()
        .map(|&a| ctx.value_type(a))
        .collect();
    Ok(Side {
        op,
        name,
        body,
        entry,
        types,
    })
}

/// Checks one side's parameter map and records the fused types it implies.
fn check_map(
    ctx: &Context,
    s: &Side,
    map: &[usize],
    which: &str,
    num: usize,
    types: &mut [Option<(TypeId, String)>],
) -> Result<(), Diagnostic> {
    if map.len() != s.types.len() {
        return Err(error(
            ctx,
            s.op,
            format!(
                "kernel fusion: {which}_params has {} entries but @{} has {} parameters",
                map.len(),
                s.name,
                s.types.len()
            ),
        ));
    }
    for (i, (&k, &t)) in map.iter().zip(&s.types).enumerate() {
        if k >= num {
            return Err(error(
                ctx,
                s.op,
                format!(
                    "kernel fusion: parameter {i} of @{} maps to fused index {k}, but there are only {num} fused parameters",
                    s.name
                ),
            ));
        }
        match &types[k] {
            Some((have, from)) if *have != t => {
                return Err(error(
                    ctx,
                    s.op,
                    format!(
                        "kernel fusion: fused parameter {k} gets type {} from {from} but {} from parameter {i} of @{}",
                        lockstep_ir::printer::type_to_string(ctx, *have),
                        lockstep_ir::printer::type_to_string(ctx, t),
                        s.name
                    ),
                ));
            }
            Some(_) => {}
            None => types[k] = Some((t, format!("parameter {i} of @{}", s.name))),
        }
    }
    Ok(())
}

/// The symbol roots of every `device.addressof` nested in `op`.
fn addressed_symbols(ctx: &Context, op: OpId) -> Vec<Sym> {
    let mut out = Vec::new();
    ctx.walk_pre(op, &mut |o| {
        if ctx.name_of(o) == "device.addressof"
            && let Some(AttrData::SymbolRef { root, .. }) =
                ctx.attr_of(o, "symbol").map(|a| ctx.attr_data(a))
            && !out.contains(root)
        {
            out.push(*root);
        }
    });
    out
}

/// A symbol name based on `base` that `module` does not define yet and
/// that is not in `taken`.
fn unique_name(ctx: &Context, module: OpId, base: &str, taken: &FxHashSet<String>) -> String {
    let free = |n: &str| !taken.contains(n) && lookup_symbol_in(ctx, module, ctx.sym(n)).is_none();
    if free(base) {
        return base.to_string();
    }
    // The module holds finitely many symbols, so some suffix is free.
    (1u64..)
        .map(|i| format!("{base}_{i}"))
        .find(|n| free(n))
        .unwrap_or_else(|| base.to_string())
}

/// The argument attributes of fused parameter `k`: the union of both
/// sources' dictionaries (first side wins on a key clash), with restrict
/// marks dropped unless `restrict`, which also adds `device.restrict`.
fn merged_arg_attrs(ctx: &Context, sources: &[(OpId, usize)], restrict: bool) -> Option<AttrId> {
    let mut entries: Vec<(Sym, AttrId)> = Vec::new();
    for &(op, i) in sources {
        let Some(d) = function_like::dict_at(ctx, op, "arg_attrs", i) else {
            continue;
        };
        if let AttrData::Dict(items) = ctx.attr_data(d) {
            for &(k, v) in items.iter() {
                let key = ctx.str(k);
                if !restrict && (key == "device.restrict" || key == "llvm.noalias") {
                    continue;
                }
                if !entries.iter().any(|&(e, _)| e == k) {
                    entries.push((k, v));
                }
            }
        }
    }
    let mark = ctx.sym("device.restrict");
    if restrict && !entries.iter().any(|&(e, _)| e == mark) {
        entries.push((mark, ctx.unit_attr()));
    }
    // Dictionaries print sorted; sorting here keeps the attribute canonical.
    entries.sort_by(|a, b| ctx.str(a.0).cmp(ctx.str(b.0)));
    (!entries.is_empty()).then(|| ctx.attr(AttrData::Dict(entries.into())))
}

/// Creates `device.kernel @name` in the same device.module as `first`,
/// placed right after `second` (or after `first` if it comes later), whose
/// every thread runs `first`'s body and then `second`'s. `first` and
/// `second` may be the same kernel. Returns the new kernel op.
pub fn build_fused_kernel(
    rw: &mut Rewriter<'_>,
    first: OpId,
    second: OpId,
    spec: &FusionSpec,
) -> Result<OpId, Diagnostic> {
    let ctx = &*rw.ctx;
    let a = side(ctx, first, "first")?;
    let b = side(ctx, second, "second")?;
    let module = ctx.parent_op(first);
    let Some(module) = module.filter(|&m| ctx.name_of(m) == "device.module") else {
        return Err(error(
            ctx,
            first,
            format!("kernel fusion: @{} is not inside a device.module", a.name),
        ));
    };
    if ctx.parent_op(second) != Some(module) {
        return Err(error(
            ctx,
            second,
            format!(
                "kernel fusion: @{} and @{} are in different device modules",
                a.name, b.name
            ),
        ));
    }
    if spec.name.is_empty() {
        return Err(error(
            ctx,
            first,
            "kernel fusion: the fused kernel needs a name",
        ));
    }
    if let Some(existing) = lookup_symbol_in(ctx, module, ctx.sym(&spec.name)) {
        return Err(error(
            ctx,
            existing,
            format!(
                "kernel fusion: symbol @{} already exists in the device module",
                spec.name
            ),
        ));
    }
    let n = spec.num_params;
    let mut types: Vec<Option<(TypeId, String)>> = vec![None; n];
    check_map(ctx, &a, &spec.first_params, "first", n, &mut types)?;
    check_map(ctx, &b, &spec.second_params, "second", n, &mut types)?;
    if spec.restrict.len() != n {
        return Err(error(
            ctx,
            first,
            format!(
                "kernel fusion: restrict has {} entries for {n} fused parameters",
                spec.restrict.len()
            ),
        ));
    }
    let mut fused_types = Vec::with_capacity(n);
    for (k, t) in types.iter().enumerate() {
        match t {
            Some((t, _)) => fused_types.push(*t),
            None => {
                return Err(error(
                    ctx,
                    first,
                    format!("kernel fusion: fused parameter {k} is used by neither kernel"),
                ));
            }
        }
    }
    let arg_attrs: Vec<Option<AttrId>> = (0..n)
        .map(|k| {
            let mut sources: Vec<(OpId, usize)> = Vec::new();
            sources.extend(
                (spec.first_params.iter().enumerate())
                    .filter(|&(_, &f)| f == k)
                    .map(|(i, _)| (first, i)),
            );
            sources.extend(
                (spec.second_params.iter().enumerate())
                    .filter(|&(_, &f)| f == k)
                    .map(|(j, _)| (second, j)),
            );
            let pointer = lockstep_device::ptr_space(ctx, fused_types[k]).is_some();
            merged_arg_attrs(ctx, &sources, spec.restrict[k] && pointer)
        })
        .collect();

    // Shared globals both parts address, resolved before anything changes.
    let in_first = addressed_symbols(ctx, first);
    let mut duplicated: Vec<(Sym, OpId)> = Vec::new();
    for s in addressed_symbols(ctx, second) {
        if !in_first.contains(&s) {
            continue;
        }
        match lookup_symbol_in(ctx, module, s) {
            Some(g) if ctx.name_of(g) == "device.shared" => duplicated.push((s, g)),
            _ => {
                return Err(error(
                    ctx,
                    second,
                    format!(
                        "kernel fusion: @{} addresses @{}, which is not a device.shared of the module",
                        b.name,
                        ctx.str(s)
                    ),
                ));
            }
        }
    }

    // The later of the two in the module body.
    let later = {
        let mut last = first;
        let mut cur = ctx.next_op(first);
        while let Some(o) = cur {
            if o == second {
                last = second;
                break;
            }
            cur = ctx.next_op(o);
        }
        last
    };
    let first_loc = ctx.loc(first);
    let second_loc = ctx.loc(second);

    // ----- mutations start here -----
    rw.set_insertion_point_after(later);
    let (fused, entry) = dbuild::kernel(rw, &spec.name, &fused_types, first_loc);
    rw.clear_insertion_point();
    if arg_attrs.iter().any(Option::is_some) {
        let empty = rw.ctx.attr(AttrData::Dict(Box::new([])));
        let elems: Vec<AttrId> = arg_attrs.iter().map(|d| d.unwrap_or(empty)).collect();
        let arr = rw.ctx.attr(AttrData::Array(elems.into()));
        rw.set_attr(fused, "arg_attrs", arr);
    }
    let region = rw.ctx.region(fused, 0);
    let params: Vec<_> = rw.ctx.block_args(entry).to_vec();

    // First part: its entry block's ops go into the fused entry block.
    let mut map = IrMapping::new();
    for (i, &arg) in rw.ctx.block_args(a.entry).to_vec().iter().enumerate() {
        map.map_value(arg, params[spec.first_params[i]]);
    }
    let first_blocks = clone_region_into(rw, a.body, region, 1, &mut map);
    let mut first_part: Vec<BlockId> = vec![entry];
    if let Some((&cloned_entry, rest)) = first_blocks.split_first() {
        rw.merge_blocks(cloned_entry, entry, &[]);
        first_part.extend_from_slice(rest);
    }

    // The seam, then the second part.
    let seam_pos = rw.ctx.region_blocks(region).len();
    let seam = rw.create_block_at(region, seam_pos, &[], None);
    let mut map = IrMapping::new();
    for (j, &arg) in rw.ctx.block_args(b.entry).to_vec().iter().enumerate() {
        map.map_value(arg, params[spec.second_params[j]]);
    }
    let second_blocks = clone_region_into(rw, b.body, region, seam_pos + 1, &mut map);
    rw.set_insertion_point_to_end(seam);
    if spec.barrier {
        dbuild::create(rw, &lockstep_device::BARRIER, &[], &[], &[], second_loc);
    }
    if let Some(&second_entry) = second_blocks.first() {
        build_br(rw, second_entry, &[], second_loc);
    }
    rw.clear_insertion_point();

    // Every exit of the first part now continues at the seam.
    for &blk in &first_part {
        if let Some(t) = rw.ctx.terminator(blk)
            && rw.ctx.name_of(t) == "device.return"
        {
            let loc = rw.ctx.loc(t);
            rw.set_insertion_point_before(t);
            build_br(rw, seam, &[], loc);
            rw.clear_insertion_point();
            rw.erase_op(t);
        }
    }

    // The second part gets its own copy of every shared global both use.
    let mut taken = FxHashSet::default();
    taken.insert(spec.name.clone());
    for (sym, global) in duplicated {
        let base = format!("{}_{}", rw.ctx.str(sym), spec.name);
        let new_name = unique_name(rw.ctx, module, &base, &taken);
        taken.insert(new_name.clone());
        rw.set_insertion_point_after(global);
        let copy = clone_op(rw, global, &mut IrMapping::new());
        rw.clear_insertion_point();
        let name_attr = rw.ctx.str_attr(&new_name);
        rw.set_attr(copy, "sym_name", name_attr);
        // Marked so that kernel fusion can drop it with the last kernel
        // using it.
        let unit = rw.ctx.unit_attr();
        rw.set_attr(copy, SHARED_COPY_ATTR, unit);
        let new_ref = rw.ctx.symbol_ref_attr(&new_name);
        let mut retarget = Vec::new();
        for &blk in &second_blocks {
            for op in rw.ctx.block_ops(blk).collect::<Vec<_>>() {
                rw.ctx.walk_pre(op, &mut |o| {
                    if rw.ctx.name_of(o) == "device.addressof"
                        && matches!(
                            rw.ctx.attr_of(o, "symbol").map(|x| rw.ctx.attr_data(x)),
                            Some(AttrData::SymbolRef { root, .. }) if *root == sym
                        )
                    {
                        retarget.push(o);
                    }
                });
            }
        }
        for o in retarget {
            rw.set_attr(o, "symbol", new_ref);
        }
    }
    Ok(fused)
}
