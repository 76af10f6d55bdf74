//! The host interpreter: runs a decoded [`HostProgram`] from `main`.
//!
//! Invariants:
//! - A frame is one `Vec<u64>` of value slots (see `decode`); values keep
//!   the representation `decode` documents (integers masked to their
//!   width), so every integer result is masked after it is computed.
//! - Branch arguments are copied as a parallel copy (read all, then write),
//!   so a block may pass its own arguments around in any order.
//! - `host.alloca` storage lives until its function returns.
//! - Integer division by zero and signed overflow in division (`INT_MIN /
//!   -1`) are reported as errors at the op, as are host memory errors and
//!   backend failures; a device fault ends the run with
//!   [`RunError::Fault`]. Calls nest at most [`MAX_CALL_DEPTH`] deep.
//! - `printf` output goes to the caller's writer, in program order.
//! - `main` takes nothing or `(i32, !host.ptr)`: `argc` and `argv`, built in
//!   host memory from [`RunOptions::args`] as C lays them out; any other
//!   signature is an error located at `main`.

use crate::backend::{Backend, BackendError, LaunchRequest};
use crate::decode::{
    CastOp, CopyKind, FloatOp, Function, HostProgram, Inst, IntOp, Jump, Kind, MathOp, Ty, mask,
    sext,
};
use crate::memory::HostMemory;
use crate::printf::{self, Arg};
use lockstep_arith::{CmpFPredicate, CmpIPredicate};
use lockstep_ir::{Context, Diagnostic, OpId};
use std::io::Write;

/// Deepest host call nesting before the run stops with an error.
pub const MAX_CALL_DEPTH: usize = 2000;

/// Why a run stopped early.
#[derive(Debug)]
pub enum RunError {
    /// The device reported undefined behaviour in a kernel (exit status 2).
    Fault(String),
    /// An error located at a host op.
    Error(Diagnostic),
    /// An error with no location (no `main`, an I/O error).
    Message(String),
}

/// How to run.
pub struct RunOptions<'a> {
    /// The program's stdout.
    pub stdout: &'a mut dyn Write,
    /// The program's `argv`, `argv[0]` (the program's name) first; given to
    /// a `main(int argc, char **argv)`, ignored by a `main()`.
    pub args: &'a [String],
}

/// Runs `main` and returns its exit status (`main`'s `i32` result, or 0
/// when it returns nothing).
///
/// A `main(int argc, char **argv)` gets `opts.args` as C gives them: each
/// string NUL-terminated in its own writable host allocation, and `argv` an
/// array of `argc + 1` pointers ending in a null pointer.
pub fn run_main(
    ctx: &Context,
    program: &HostProgram,
    backend: &mut dyn Backend,
    opts: RunOptions<'_>,
) -> Result<i32, RunError> {
    let main = program
        .function("main")
        .ok_or_else(|| RunError::Message("the program has no host function 'main'".into()))?;
    let f = &program.functions[main as usize];
    let Some(takes_args) = main_takes_args(ctx, f.op) else {
        return Err(RunError::Error(Diagnostic::error(
            ctx.loc(f.op),
            "'main' must take no arguments or (int argc, char **argv) to be run",
        )));
    };
    let mut m = Machine {
        ctx,
        program,
        backend,
        memory: HostMemory::new(),
        out: opts.stdout,
        depth: 0,
    };
    let args = if takes_args {
        let argv = m
            .argv(opts.args)
            .map_err(|e| RunError::Error(Diagnostic::error(ctx.loc(f.op), e)))?;
        vec![opts.args.len() as u64, argv]
    } else {
        Vec::new()
    };
    let results = m.call(main, &args)?;
    m.out
        .flush()
        .map_err(|e| RunError::Message(format!("cannot write the program's output: {e}")))?;
    Ok(results.first().map_or(0, |&v| v as u32 as i32))
}

struct Machine<'a> {
    ctx: &'a Context,
    program: &'a HostProgram,
    backend: &'a mut dyn Backend,
    memory: HostMemory,
    out: &'a mut dyn Write,
    depth: usize,
}

enum Next {
    Continue,
    Jump(u32),
    Return(Vec<u64>),
}

/// Whether `main`'s parameters are `()` (false) or `(i32, !host.ptr)`
/// (true); `None` for anything else.
fn main_takes_args(ctx: &Context, op: OpId) -> Option<bool> {
    let inputs = lockstep_func::function_like::inputs(ctx, op);
    match inputs {
        [] => Some(false),
        [count, args] => (crate::decode::scalar_type(ctx, *count) == Some(Ty::Int(32))
            && lockstep_host::is_host_ptr(ctx, *args))
        .then_some(true),
        _ => None,
    }
}

impl Machine<'_> {
    /// `argv` in host memory: one allocation per NUL-terminated string and
    /// the pointer array with its terminating null.
    fn argv(&mut self, args: &[String]) -> Result<u64, String> {
        let mut ptrs = Vec::with_capacity(args.len() + 1);
        for a in args {
            let bytes = a.as_bytes();
            if bytes.contains(&0) {
                return Err(format!("program argument {a:?} contains a NUL byte"));
            }
            let p = self.memory.alloc(bytes.len() as u64 + 1, 1)?;
            self.memory
                .bytes_mut(p, bytes.len() as u64)?
                .copy_from_slice(bytes);
            ptrs.push(p);
        }
        ptrs.push(0);
        let array = self.memory.alloc(8 * ptrs.len() as u64, 8)?;
        for (i, &p) in ptrs.iter().enumerate() {
            self.memory.write(array + 8 * i as u64, 8, p)?;
        }
        Ok(array)
    }

    fn error(&self, op: OpId, msg: impl std::fmt::Display) -> RunError {
        RunError::Error(Diagnostic::error(
            self.ctx.loc(op),
            format!("'{}' {msg}", self.ctx.name_of(op)),
        ))
    }

    fn backend_error(&mut self, op: OpId, e: BackendError) -> RunError {
        match e {
            BackendError::Fault(report) => {
                // What the program printed before the fault still belongs
                // on its stdout.
                let _ = self.out.flush();
                let at = lockstep_ir::diag::file_line_col(self.ctx.uniquer(), self.ctx.loc(op))
                    .map(|(f, l, c)| format!(" at {}:{l}:{c}", self.ctx.str(f)))
                    .unwrap_or_default();
                RunError::Fault(format!(
                    "{report}\n  while running '{}'{at}",
                    self.ctx.name_of(op)
                ))
            }
            BackendError::Error(msg) | BackendError::Located(msg) => self.error(op, msg),
        }
    }

    fn call(&mut self, func: u32, args: &[u64]) -> Result<Vec<u64>, RunError> {
        let program = self.program;
        let f = &program.functions[func as usize];
        if self.depth >= MAX_CALL_DEPTH {
            return Err(self.error(
                f.op,
                format!("@{}: host calls nest deeper than {MAX_CALL_DEPTH}", f.name),
            ));
        }
        self.depth += 1;
        let mut frame = vec![0u64; f.num_slots as usize];
        for (&slot, &v) in f.blocks[0].args.iter().zip(args) {
            frame[slot as usize] = v;
        }
        let mut allocas = Vec::new();
        let result = self.run_blocks(func, &mut frame, &mut allocas);
        for a in allocas {
            let _ = self.memory.free(a);
        }
        self.depth -= 1;
        result
    }

    fn run_blocks(
        &mut self,
        func: u32,
        frame: &mut [u64],
        allocas: &mut Vec<u64>,
    ) -> Result<Vec<u64>, RunError> {
        let program = self.program;
        let f = &program.functions[func as usize];
        let mut block = 0usize;
        loop {
            let b = &f.blocks[block];
            let mut next = None;
            for inst in &b.insts {
                match self.step(f, inst, frame, allocas)? {
                    Next::Continue => {}
                    Next::Jump(t) => {
                        next = Some(t);
                        break;
                    }
                    Next::Return(v) => return Ok(v),
                }
            }
            let Some(target) = next else {
                let op = b.insts.last().map_or(f.op, |i| i.op);
                return Err(self.error(op, "ends a block without a terminator"));
            };
            block = target as usize;
        }
    }

    /// Copies the jump's operands into the target block's arguments (a
    /// parallel copy) and returns the target.
    fn jump(f: &Function, frame: &mut [u64], jump: &Jump) -> u32 {
        let values: smallvec::SmallVec<[u64; 8]> =
            jump.args.iter().map(|&s| frame[s as usize]).collect();
        for (&d, v) in f.blocks[jump.block as usize].args.iter().zip(values) {
            frame[d as usize] = v;
        }
        jump.block
    }

    fn step(
        &mut self,
        f: &Function,
        inst: &Inst,
        frame: &mut [u64],
        allocas: &mut Vec<u64>,
    ) -> Result<Next, RunError> {
        let a = |i: usize| frame[inst.operands[i] as usize];
        let value: u64 = match &inst.kind {
            Kind::Const(v) => *v,
            Kind::Int(o, w) => self.int(inst.op, *o, *w, a(0), a(1))?,
            Kind::Float(o, f64) => float_binary(*o, *f64, a(0), a(1)),
            Kind::Math(o, f64) => math(*o, *f64, a(0)),
            Kind::CmpI(p, w) => cmpi(*p, *w, a(0), a(1)) as u64,
            Kind::CmpF(p, f64) => cmpf(*p, *f64, a(0), a(1)) as u64,
            Kind::Select => {
                if a(0) & 1 != 0 {
                    a(1)
                } else {
                    a(2)
                }
            }
            Kind::Cast(c, from, to) => cast(*c, *from, *to, a(0)),
            Kind::Alloc => self
                .memory
                .alloc(a(0), 16)
                .map_err(|e| self.error(inst.op, e))?,
            Kind::Free => {
                self.memory.free(a(0)).map_err(|e| self.error(inst.op, e))?;
                return Ok(Next::Continue);
            }
            Kind::Alloca { size, align } => {
                let p = self
                    .memory
                    .alloc(*size, *align)
                    .map_err(|e| self.error(inst.op, e))?;
                allocas.push(p);
                p
            }
            Kind::PtrAdd { offset_width } => a(0).wrapping_add(sext(a(1), *offset_width) as u64),
            Kind::Load(ty) => {
                let v = self
                    .memory
                    .read(a(0), ty.bytes())
                    .map_err(|e| self.error(inst.op, e))?;
                mask(v, ty.width())
            }
            Kind::Store(ty) => {
                self.memory
                    .write(a(1), ty.bytes(), a(0))
                    .map_err(|e| self.error(inst.op, e))?;
                return Ok(Next::Continue);
            }
            Kind::DeviceAlloc => match self.backend.alloc(a(0)) {
                Ok(p) => p,
                Err(e) => return Err(self.backend_error(inst.op, e)),
            },
            Kind::DeviceFree => {
                if let Err(e) = self.backend.free(a(0)) {
                    return Err(self.backend_error(inst.op, e));
                }
                return Ok(Next::Continue);
            }
            Kind::Memcpy(k) => {
                self.memcpy(inst.op, *k, a(0), a(1), a(2))?;
                return Ok(Next::Continue);
            }
            Kind::Launch {
                kernel,
                dim_width,
                arg_types,
            } => {
                self.launch(inst, frame, kernel, *dim_width, arg_types)?;
                return Ok(Next::Continue);
            }
            Kind::Synchronize => {
                if let Err(e) = self.backend.synchronize() {
                    return Err(self.backend_error(inst.op, e));
                }
                return Ok(Next::Continue);
            }
            Kind::Printf { format, arg_types } => {
                self.printf(inst, frame, format, arg_types)?;
                return Ok(Next::Continue);
            }
            Kind::Call { func } => {
                let args: Vec<u64> = inst.operands.iter().map(|&s| frame[s as usize]).collect();
                let results = self.call(*func, &args)?;
                for (&slot, v) in inst.results.iter().zip(results) {
                    frame[slot as usize] = v;
                }
                return Ok(Next::Continue);
            }
            Kind::Return => {
                return Ok(Next::Return(
                    inst.operands.iter().map(|&s| frame[s as usize]).collect(),
                ));
            }
            Kind::Br(j) => return Ok(Next::Jump(Self::jump(f, frame, j))),
            Kind::CondBr(t, e) => {
                let j = if a(0) & 1 != 0 { t } else { e };
                return Ok(Next::Jump(Self::jump(f, frame, j)));
            }
            Kind::Switch {
                width,
                cases,
                default,
            } => {
                let v = sext(a(0), *width);
                let j = cases
                    .iter()
                    .find(|(c, _)| sext(mask(*c as u64, *width), *width) == v)
                    .map_or(default, |(_, j)| j);
                return Ok(Next::Jump(Self::jump(f, frame, j)));
            }
            Kind::Assert { message } => {
                if a(0) & 1 == 0 {
                    return Err(self.error(inst.op, format!("assertion failed: {message}")));
                }
                return Ok(Next::Continue);
            }
        };
        if let Some(&r) = inst.results.first() {
            frame[r as usize] = value;
        }
        Ok(Next::Continue)
    }

    fn int(&self, op: OpId, o: IntOp, w: u32, x: u64, y: u64) -> Result<u64, RunError> {
        let (sx, sy) = (sext(x, w), sext(y, w));
        let min = if w >= 64 {
            i64::MIN
        } else {
            -(1i64 << (w - 1))
        };
        let div_checks = |signed: bool| -> Result<(), RunError> {
            if y == 0 {
                return Err(self.error(op, "divides by zero"));
            }
            if signed && sy == -1 && sx == min {
                return Err(self.error(op, "overflows (the most negative value divided by -1)"));
            }
            Ok(())
        };
        let r = match o {
            IntOp::Add => x.wrapping_add(y),
            IntOp::Sub => x.wrapping_sub(y),
            IntOp::Mul => x.wrapping_mul(y),
            IntOp::DivS => {
                div_checks(true)?;
                (sx / sy) as u64
            }
            IntOp::DivU => {
                div_checks(false)?;
                x / y
            }
            IntOp::RemS => {
                div_checks(true)?;
                (sx % sy) as u64
            }
            IntOp::RemU => {
                div_checks(false)?;
                x % y
            }
            IntOp::CeilDivS => {
                div_checks(true)?;
                let q = sx / sy;
                (if sx % sy != 0 && ((sx < 0) == (sy < 0)) {
                    q + 1
                } else {
                    q
                }) as u64
            }
            IntOp::CeilDivU => {
                div_checks(false)?;
                x.div_ceil(y)
            }
            IntOp::FloorDivS => {
                div_checks(true)?;
                let q = sx / sy;
                (if sx % sy != 0 && ((sx < 0) != (sy < 0)) {
                    q - 1
                } else {
                    q
                }) as u64
            }
            // Shifts by the width or more are poison in the IR; give 0 (or
            // the sign) deterministically.
            IntOp::Shl => {
                if y >= w as u64 {
                    0
                } else {
                    x << y
                }
            }
            IntOp::ShrU => {
                if y >= w as u64 {
                    0
                } else {
                    x >> y
                }
            }
            IntOp::ShrS => (sx >> y.min(63)) as u64,
            IntOp::And => x & y,
            IntOp::Or => x | y,
            IntOp::Xor => x ^ y,
            IntOp::MinS => sx.min(sy) as u64,
            IntOp::MaxS => sx.max(sy) as u64,
            IntOp::MinU => x.min(y),
            IntOp::MaxU => x.max(y),
        };
        Ok(mask(r, w))
    }

    fn memcpy(
        &mut self,
        op: OpId,
        k: CopyKind,
        dst: u64,
        src: u64,
        n: u64,
    ) -> Result<(), RunError> {
        let r = match k {
            CopyKind::HostToHost => {
                return self.memory.copy(dst, src, n).map_err(|e| self.error(op, e));
            }
            CopyKind::HostToDevice => {
                let data = self.memory.bytes(src, n).map_err(|e| self.error(op, e))?;
                self.backend.copy_to_device(dst, data)
            }
            CopyKind::DeviceToHost => {
                let buf = self.memory.bytes_mut(dst, n).map_err(|e| {
                    RunError::Error(Diagnostic::error(
                        self.ctx.loc(op),
                        format!("'{}' {e}", self.ctx.name_of(op)),
                    ))
                })?;
                self.backend.copy_to_host(buf, src)
            }
            CopyKind::DeviceToDevice => self.backend.copy_device_to_device(dst, src, n),
        };
        r.map_err(|e| self.backend_error(op, e))
    }

    fn launch(
        &mut self,
        inst: &Inst,
        frame: &[u64],
        kernel: &str,
        dim_width: u32,
        arg_types: &[Ty],
    ) -> Result<(), RunError> {
        let mut dims = [0u32; 7];
        for (i, d) in dims.iter_mut().enumerate() {
            let v = sext(frame[inst.operands[i] as usize], dim_width.max(1));
            *d = u32::try_from(v).map_err(|_| {
                self.error(
                    inst.op,
                    format!("of '{kernel}' has launch operand #{i} = {v}, outside 0..2^32"),
                )
            })?;
        }
        let args: Vec<Vec<u8>> = arg_types
            .iter()
            .enumerate()
            .map(|(i, ty)| {
                let v = frame[inst.operands[7 + i] as usize];
                v.to_le_bytes()[..ty.bytes() as usize].to_vec()
            })
            .collect();
        let req = LaunchRequest {
            kernel,
            grid: [dims[0], dims[1], dims[2]],
            block: [dims[3], dims[4], dims[5]],
            dynamic_shared: dims[6],
            args: &args,
        };
        self.backend
            .launch(&req)
            .map_err(|e| self.backend_error(inst.op, e))
    }

    fn printf(
        &mut self,
        inst: &Inst,
        frame: &[u64],
        format: &[u8],
        arg_types: &[Ty],
    ) -> Result<(), RunError> {
        let mut args = Vec::with_capacity(arg_types.len());
        for (i, ty) in arg_types.iter().enumerate() {
            let v = frame[inst.operands[i] as usize];
            args.push(match ty {
                Ty::F32 => Arg::Float(f32::from_bits(v as u32) as f64),
                Ty::F64 => Arg::Float(f64::from_bits(v)),
                // C promotes bool to int 0/1.
                Ty::Int(1) => Arg::Int(v as i64),
                Ty::Int(w) => Arg::Int(sext(v, *w)),
                Ty::Ptr => Arg::Int(v as i64),
            });
        }
        // `%s` reads a NUL-terminated string from host memory.
        let mut index = 0;
        let mut conversions = Vec::new();
        for_each_conversion(format, |c| conversions.push(c));
        for c in conversions {
            match c {
                b'*' => index += 1,
                b's' => {
                    if let Some(Arg::Int(p)) = args.get(index) {
                        let s = self
                            .memory
                            .c_string(*p as u64)
                            .map_err(|e| self.error(inst.op, e))?;
                        args[index] = Arg::Str(s);
                    }
                    index += 1;
                }
                _ => index += 1,
            }
        }
        let text = printf::format(format, &args).map_err(|e| self.error(inst.op, e))?;
        self.out
            .write_all(&text)
            .map_err(|e| RunError::Message(format!("cannot write the program's output: {e}")))
    }
}

/// Calls `f` with the conversion character of each argument-consuming
/// conversion of `format`, and with `*` for each `*` width or precision.
fn for_each_conversion(format: &[u8], mut f: impl FnMut(u8)) {
    let mut i = 0;
    while i < format.len() {
        if format[i] != b'%' {
            i += 1;
            continue;
        }
        i += 1;
        while let Some(&c) = format.get(i) {
            if c == b'*' {
                f(b'*');
            } else if !b"-+ #0123456789.hljztL".contains(&c) {
                break;
            }
            i += 1;
        }
        if let Some(&c) = format.get(i)
            && c != b'%'
        {
            f(c);
        }
        i += 1;
    }
}

fn to_f(v: u64, f64: bool) -> f64 {
    if f64 {
        f64::from_bits(v)
    } else {
        f32::from_bits(v as u32) as f64
    }
}

fn from_f(v: f64, f64: bool) -> u64 {
    if f64 {
        v.to_bits()
    } else {
        (v as f32).to_bits() as u64
    }
}

fn float_binary(o: FloatOp, f64: bool, x: u64, y: u64) -> u64 {
    // f32 arithmetic is done in f32 so rounding is single rounding, as C's.
    if !f64 {
        let (a, b) = (f32::from_bits(x as u32), f32::from_bits(y as u32));
        let r = match o {
            FloatOp::Add => a + b,
            FloatOp::Sub => a - b,
            FloatOp::Mul => a * b,
            FloatOp::Div => a / b,
            FloatOp::Rem => a % b,
            FloatOp::MaxNum => a.max(b),
            FloatOp::MinNum => a.min(b),
            FloatOp::Maximum => ieee_maximum(a as f64, b as f64) as f32,
            FloatOp::Minimum => -ieee_maximum(-(a as f64), -(b as f64)) as f32,
        };
        return r.to_bits() as u64;
    }
    let (a, b) = (f64::from_bits(x), f64::from_bits(y));
    let r = match o {
        FloatOp::Add => a + b,
        FloatOp::Sub => a - b,
        FloatOp::Mul => a * b,
        FloatOp::Div => a / b,
        FloatOp::Rem => a % b,
        FloatOp::MaxNum => a.max(b),
        FloatOp::MinNum => a.min(b),
        FloatOp::Maximum => ieee_maximum(a, b),
        FloatOp::Minimum => -ieee_maximum(-a, -b),
    };
    r.to_bits()
}

/// `arith.maximumf`: NaN if either is NaN, and +0 above -0.
fn ieee_maximum(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a == b {
        if a.is_sign_negative() { b } else { a }
    } else {
        a.max(b)
    }
}

fn math(o: MathOp, f64: bool, x: u64) -> u64 {
    if !f64 {
        let a = f32::from_bits(x as u32);
        let r = match o {
            MathOp::Sqrt => a.sqrt(),
            MathOp::Rsqrt => 1.0 / a.sqrt(),
            MathOp::Exp => a.exp(),
            MathOp::Log => a.ln(),
            MathOp::Sin => a.sin(),
            MathOp::Cos => a.cos(),
            MathOp::Abs => a.abs(),
            MathOp::Floor => a.floor(),
            MathOp::Ceil => a.ceil(),
            MathOp::Neg => -a,
        };
        return r.to_bits() as u64;
    }
    let a = f64::from_bits(x);
    let r = match o {
        MathOp::Sqrt => a.sqrt(),
        MathOp::Rsqrt => 1.0 / a.sqrt(),
        MathOp::Exp => a.exp(),
        MathOp::Log => a.ln(),
        MathOp::Sin => a.sin(),
        MathOp::Cos => a.cos(),
        MathOp::Abs => a.abs(),
        MathOp::Floor => a.floor(),
        MathOp::Ceil => a.ceil(),
        MathOp::Neg => -a,
    };
    r.to_bits()
}

fn cmpi(p: CmpIPredicate, w: u32, x: u64, y: u64) -> bool {
    let (sx, sy) = (sext(x, w), sext(y, w));
    use CmpIPredicate::*;
    match p {
        Eq => x == y,
        Ne => x != y,
        Slt => sx < sy,
        Sle => sx <= sy,
        Sgt => sx > sy,
        Sge => sx >= sy,
        Ult => x < y,
        Ule => x <= y,
        Ugt => x > y,
        Uge => x >= y,
    }
}

fn cmpf(p: CmpFPredicate, f64: bool, x: u64, y: u64) -> bool {
    let (a, b) = (to_f(x, f64), to_f(y, f64));
    let unordered = a.is_nan() || b.is_nan();
    use CmpFPredicate::*;
    match p {
        AlwaysFalse => false,
        Oeq => a == b,
        Ogt => a > b,
        Oge => a >= b,
        Olt => a < b,
        Ole => a <= b,
        One => !unordered && a != b,
        Ord => !unordered,
        Ueq => unordered || a == b,
        Ugt => unordered || a > b,
        Uge => unordered || a >= b,
        Ult => unordered || a < b,
        Ule => unordered || a <= b,
        Une => unordered || a != b,
        Uno => unordered,
        AlwaysTrue => true,
    }
}

fn cast(c: CastOp, from: Ty, to: Ty, x: u64) -> u64 {
    let tw = to.width();
    match (c, from, to) {
        (CastOp::ExtS, Ty::Int(w), _) => mask(sext(x, w) as u64, tw),
        (CastOp::ExtU | CastOp::Trunc, _, _) => mask(x, tw),
        (CastOp::SIToFP, Ty::Int(w), _) => {
            let v = sext(x, w);
            if to == Ty::F32 {
                (v as f32).to_bits() as u64
            } else {
                (v as f64).to_bits()
            }
        }
        (CastOp::UIToFP, _, _) => {
            if to == Ty::F32 {
                (x as f32).to_bits() as u64
            } else {
                (x as f64).to_bits()
            }
        }
        // Out-of-range conversions are poison in the IR; Rust saturates,
        // which keeps the run deterministic.
        (CastOp::FPToSI, _, _) => mask(to_f(x, from == Ty::F64) as i64 as u64, tw),
        (CastOp::FPToUI, _, _) => mask(to_f(x, from == Ty::F64) as u64, tw),
        (CastOp::FloatResize, _, _) => from_f(to_f(x, from == Ty::F64), to == Ty::F64),
        (CastOp::Bitcast, _, _) => mask(x, tw),
        (CastOp::ExtS | CastOp::SIToFP, _, _) => x,
    }
}
