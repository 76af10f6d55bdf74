//! lockstep-ptx-import: raises a PTX file (what nvcc, clang or lockstep
//! emit) into a `builtin.module` holding one `device.module`, on which every
//! device analysis and pass runs unchanged; `convert-device-to-ptx` and the
//! rest of the codegen pipeline write it back as PTX.
//!
//! The raising, per function (`function.rs`):
//! - PTX registers become SSA values (Braun et al.'s on-the-fly
//!   construction over the instruction CFG, `ssa.rs`), with block arguments
//!   only where definitions meet; `.param` slots of call sequences and the
//!   return slot are variables too.
//! - Kernel and function parameters (`ld.param`) are the function's
//!   arguments; `%tid`, `%ntid`, `%ctaid`, `%nctaid` and `%laneid` are the
//!   device ops.
//! - Addresses stay integers: a memory access reads its address register
//!   through `device.inttoptr` in the access's space (`i32` for nvcc's
//!   32-bit shared addresses), `cvta` is `inttoptr` + `addrspace_cast` +
//!   `ptrtoint`, and a symbol's address is `device.addressof` /
//!   `device.dynamic_shared` / `device.alloca` + `ptrtoint`.
//! - Branches become `cf.br`/`cf.cond_br`; a predicated instruction with
//!   effects gets its own block under a `cf.cond_br`, a predicated pure one
//!   is computed and merged with `arith.select`.
//! - Each instruction becomes the arith, math or device op whose selection
//!   writes the same instruction back (`raise.rs` lists which), and any
//!   other becomes the `ptx` dialect's op for it, with its modifiers exactly
//!   as written, which instruction selection passes through unchanged.
//!
//! Invariants:
//! - `import_ptx` never panics: what cannot be raised is a located error
//!   (`file.ptx:line:col: error: ...`) naming the instruction or directive.
//! - Ops carry the `.loc` source position in force at their instruction
//!   when there is one, else the instruction's position in the PTX file.
//! - Kernel names, parameter order and parameter types are kept, so the
//!   exported PTX loads in place of the original.

mod blocks;
mod function;
mod raise;
mod ssa;

use lockstep_device::build as dev;
use lockstep_ir::{Context, Diagnostic, LocId, OpId, OperationState, Rewriter, TypeId};
use lockstep_ptx_reader::{Function, Module, ScalarType, Space};
use rustc_hash::{FxHashMap, FxHashSet};

/// Reads PTX `text` (named `file` in diagnostics) and raises it into a new
/// `builtin.module` holding a `device.module` named after the file.
pub fn import_ptx(ctx: &mut Context, file: &str, text: &str) -> Result<OpId, Diagnostic> {
    let m = lockstep_ptx_reader::read_ptx(file, text)
        .map_err(|e| Diagnostic::error(ctx.file_loc(&e.file, e.line, e.col), e.message.clone()))?;
    let src = Source::new(file, text);
    let loc = ctx.file_loc(file, 1, 1);
    let mut rw = Rewriter::new(ctx);
    let region = rw.new_region();
    let top_block = rw.create_block(region, &[], None);
    let st = OperationState::new(rw.ctx().op_name("builtin.module"), loc).regions(&[region]);
    let top = rw.create(st);
    rw.set_insertion_point_to_end(top_block);
    let (_, dev_block) = dev::module(&mut rw, &module_name(file), loc);
    match raise_module(&mut rw, &src, &m, dev_block) {
        Ok(()) => Ok(top),
        Err(d) => {
            rw.erase_op(top);
            Err(d)
        }
    }
}

/// The device module's name: the file's stem, made a bare identifier.
fn module_name(file: &str) -> String {
    let stem = std::path::Path::new(file)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("ptx");
    let mut name: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, '_');
    }
    name
}

/// The PTX text and its line starts, for locations.
pub(crate) struct Source<'t> {
    pub file: &'t str,
    pub text: &'t str,
    line_starts: Vec<usize>,
}

impl<'t> Source<'t> {
    fn new(file: &'t str, text: &'t str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        Source {
            file,
            text,
            line_starts,
        }
    }

    /// The location of byte `pos` of the PTX text.
    pub fn loc_at(&self, ctx: &Context, pos: usize) -> LocId {
        let pos = pos.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= pos);
        let start = self.line_starts[line.saturating_sub(1)];
        let col = self.text[start..pos].chars().count() + 1;
        ctx.file_loc(self.file, line as u32, col as u32)
    }

    /// The location of the start of 1-based `line`.
    pub fn loc_line(&self, ctx: &Context, line: u32) -> LocId {
        let start = self
            .line_starts
            .get((line as usize).saturating_sub(1))
            .copied()
            .unwrap_or(0);
        self.loc_at(ctx, start)
    }
}

fn raise_module(
    rw: &mut Rewriter<'_>,
    src: &Source<'_>,
    m: &Module,
    dev_block: lockstep_ir::BlockId,
) -> Result<(), Diagnostic> {
    rw.set_insertion_point_to_end(dev_block);
    for g in &m.globals {
        let loc = src.loc_at(rw.ctx(), g.pos);
        match g.space {
            Space::Shared if g.is_extern => {}
            Space::Shared => {
                let size = byte_size(g, loc)?;
                dev::shared(rw, &g.name, size, Some(i64::from(g.align.max(1))), loc);
            }
            other => {
                return Err(Diagnostic::error(
                    loc,
                    format!(
                        "cannot raise '{}': module-scope {} variables are not supported yet",
                        g.name,
                        space_directive(other)
                    ),
                ));
            }
        }
    }
    // Declarations first, so calls find their callees' signatures.
    let mut sigs = Vec::new();
    for f in m.funcs.iter() {
        let loc = src.loc_line(rw.ctx(), f.line);
        let (inputs, results) = signature(rw.ctx(), f, loc)?;
        sigs.push((inputs, results));
    }
    // Function-scope `.shared` variables (nvcc's "demoted" ones) are one
    // per CTA like module-scope ones: they become module-scope
    // `device.shared`s, renamed if a name is taken.
    let mut taken: FxHashSet<String> = m.globals.iter().map(|g| g.name.clone()).collect();
    taken.extend(m.kernels.iter().chain(&m.funcs).map(|f| f.name.clone()));
    let mut hoist =
        |rw: &mut Rewriter<'_>, f: &Function| -> Result<FxHashMap<u32, String>, Diagnostic> {
            let mut names = FxHashMap::default();
            for (i, l) in f.locals.iter().enumerate() {
                if l.space != Space::Shared || l.is_extern {
                    continue;
                }
                let mut name = l.name.clone();
                let mut n = 0;
                while !taken.insert(name.clone()) {
                    n += 1;
                    name = format!("{}_{n}", l.name);
                }
                let loc = src.loc_at(rw.ctx(), l.pos);
                rw.set_insertion_point_to_end(dev_block);
                let size = byte_size(l, loc)?;
                dev::shared(rw, &name, size, Some(i64::from(l.align.max(1))), loc);
                names.insert(i as u32, name);
            }
            Ok(names)
        };
    let view = function::ModuleView {
        src,
        m,
        sigs: &sigs,
    };
    for k in &m.kernels {
        let loc = src.loc_line(rw.ctx(), k.line);
        let (inputs, _) = signature(rw.ctx(), k, loc)?;
        let shared = hoist(rw, k)?;
        rw.set_insertion_point_to_end(dev_block);
        let (op, entry) = dev::kernel(rw, &k.name, &inputs, loc);
        function::raise_function(rw, &view, k, shared, op, entry)?;
    }
    for (f, (inputs, results)) in m.funcs.iter().zip(&sigs) {
        let loc = src.loc_line(rw.ctx(), f.line);
        if !f.has_body {
            rw.set_insertion_point_to_end(dev_block);
            dev::func_decl(rw, &f.name, inputs, results, loc);
            continue;
        }
        let shared = hoist(rw, f)?;
        rw.set_insertion_point_to_end(dev_block);
        let (op, entry) = dev::func(rw, &f.name, inputs, results, loc);
        function::raise_function(rw, &view, f, shared, op, entry)?;
    }
    Ok(())
}

/// The size of a variable with storage, in bytes: positive and within
/// `i64`, as the device dialect's sizes are.
pub(crate) fn byte_size(g: &lockstep_ptx_reader::Global, loc: LocId) -> Result<i64, Diagnostic> {
    match g.size.map(i64::try_from) {
        Some(Ok(n)) if n > 0 => Ok(n),
        _ => Err(Diagnostic::error(
            loc,
            format!(
                "cannot raise '{}': a {} variable needs a size from 1 to {} bytes",
                g.name,
                space_directive(g.space),
                i64::MAX
            ),
        )),
    }
}

fn space_directive(s: Space) -> &'static str {
    match s {
        Space::Global => ".global",
        Space::Shared => ".shared",
        Space::Local => ".local",
        Space::Const => ".const",
        Space::Param => ".param",
        Space::Generic => "generic",
    }
}

/// Parameter and result types of a function: one scalar per `.param`.
fn signature(
    ctx: &Context,
    f: &Function,
    loc: LocId,
) -> Result<(Vec<TypeId>, Vec<TypeId>), Diagnostic> {
    let one = |p: &lockstep_ptx_reader::Param| -> Result<TypeId, Diagnostic> {
        let scalar = p.size == p.ty.size() && p.ty != ScalarType::B128;
        match (scalar, value_type(ctx, p.ty)) {
            (true, Some(t)) if p.ty != ScalarType::Pred => Ok(t),
            _ => Err(Diagnostic::error(
                loc,
                format!(
                    "cannot raise '{}': parameter '{}' is a {}-byte aggregate; aggregate parameters are not supported yet",
                    f.name, p.name, p.size
                ),
            )),
        }
    };
    let inputs = f.params.iter().map(one).collect::<Result<Vec<_>, _>>()?;
    let results = f.rets.iter().map(one).collect::<Result<Vec<_>, _>>()?;
    if results.len() > 1 {
        return Err(Diagnostic::error(
            loc,
            format!("cannot raise '{}': more than one return parameter", f.name),
        ));
    }
    Ok((inputs, results))
}

/// The IR type of a PTX value of type `t`: `i1` for `.pred`, signless
/// integers by width, `f32`/`f64`; `None` for half and 128-bit types.
pub(crate) fn value_type(ctx: &Context, t: ScalarType) -> Option<TypeId> {
    use ScalarType::*;
    Some(match t {
        Pred => ctx.common.i1,
        B8 | U8 | S8 => ctx.int_type(8),
        B16 | U16 | S16 => ctx.int_type(16),
        B32 | U32 | S32 => ctx.common.i32,
        B64 | U64 | S64 => ctx.common.i64,
        F32 => ctx.common.f32,
        F64 => ctx.common.f64,
        F16 | F16x2 | BF16 | B128 => return None,
    })
}

/// The IR type a register declared `t` holds between instructions: as
/// `value_type`, but 8-bit registers are 16-bit (lockstep's `i8` lives in
/// an `i16` register, and PTX widens 8-bit loads into them).
pub(crate) fn register_type(ctx: &Context, t: ScalarType) -> Option<TypeId> {
    use ScalarType::*;
    match t {
        B8 | U8 | S8 => Some(ctx.int_type(16)),
        _ => value_type(ctx, t),
    }
}
