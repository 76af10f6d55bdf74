//! Calls: user functions, CUDA device builtins (atomics, warp votes and
//! shuffles, `__syncthreads`, math), the host runtime API (`malloc`,
//! `cudaMalloc`, `cudaMemcpy`, ..., `printf`) and kernel launches.
//!
//! Invariants: a builtin's arguments are converted to the parameter types
//! CUDA declares for it; a builtin used in the wrong kind of code (device
//! builtins on the host and vice versa) is an error at the call; a user
//! function shadows a builtin of the same name.

use super::{FnKind, Lower, Mode, R, Storage, Val};
use crate::ast::{Expr, ExprKind, Span};
use crate::types::{CType, INT, LONG, Space, UINT, ULONG, usual_arith};
use lockstep_arith::ops as ar;
use lockstep_ir::ValueId;

/// Result types of builtins whose type does not depend on the arguments.
pub(crate) fn builtin_static_type(n: &str, _argc: usize) -> Option<CType> {
    Some(match n {
        "sqrtf" | "expf" | "logf" | "sinf" | "cosf" | "fabsf" | "fminf" | "fmaxf" | "rsqrtf"
        | "floorf" | "ceilf" => CType::Float,
        "fmin" | "fmax" => CType::Double,
        "__ballot_sync" => UINT,
        "__any_sync" | "__all_sync" => INT,
        "cudaMalloc" | "cudaMemcpy" | "cudaFree" | "cudaDeviceSynchronize" | "printf" => INT,
        _ => return None,
    })
}

impl<'a> Lower<'a> {
    pub fn call(&mut self, callee: &Expr, args: &[Expr], e: &Expr) -> R<Val> {
        let ExprKind::Ident(name) = &callee.kind else {
            return self.err(
                callee.pos,
                "unsupported: call through an expression (function pointers)",
            );
        };
        if self.lookup(name).is_some() {
            return self.err(
                callee.pos,
                format!("called object '{name}' is not a function"),
            );
        }
        if let Some(sig) = self.sigs.get(name).cloned() {
            return self.user_call(name, &sig, args, e);
        }
        self.builtin(name, args, e)
    }

    fn user_call(&mut self, name: &str, sig: &super::Sig, args: &[Expr], e: &Expr) -> R<Val> {
        let mode = self.f.mode.unwrap_or(Mode::Host);
        let loc = self.loc(e.pos);
        match (sig.kind, mode) {
            (FnKind::Kernel, _) => {
                return self.err(
                    e.pos,
                    format!("call to __global__ function '{name}' needs a launch configuration (<<<...>>>)"),
                );
            }
            (FnKind::Device, Mode::Host) => {
                return self.err(
                    e.pos,
                    format!("reference to __device__ function '{name}' in host code"),
                );
            }
            (FnKind::Host, Mode::Device) => {
                return self.err(
                    e.pos,
                    format!("reference to __host__ function '{name}' in device code"),
                );
            }
            _ => {}
        }
        if !sig.defined {
            return self.err(
                e.pos,
                format!("unsupported: call to function '{name}' that is declared but not defined"),
            );
        }
        let params = sig.params_in(mode);
        self.check_arg_count(name, params.len(), args.len(), e.pos)?;
        let mut vals = Vec::new();
        for (a, t) in args.iter().zip(&params) {
            let v = self.rvalue(a)?;
            let v = self.assign_convert(v, t, a.pos)?;
            vals.push(v.v);
        }
        let ret = sig.ret_in(mode);
        let rts: Vec<_> = if ret == CType::Void {
            vec![]
        } else {
            vec![self.ir_type(&ret)]
        };
        let opn = if mode == Mode::Host {
            "func.call"
        } else {
            "device.call"
        };
        let c = self.ctx().symbol_ref_attr(name);
        let (_, r) = self.op(opn, loc, &vals, &rts, &[("callee", c)]);
        let v = match r {
            Some(v) => v,
            None => return Ok(self.void(e.pos)),
        };
        Ok(self.val(v, ret))
    }

    fn check_arg_count(&self, name: &str, want: usize, have: usize, pos: u32) -> R<()> {
        if want != have {
            let which = if have < want { "few" } else { "many" };
            return self.err(
                pos,
                format!(
                    "too {which} arguments to function call '{name}', expected {want}, have {have}"
                ),
            );
        }
        Ok(())
    }

    fn args(&mut self, name: &str, args: &[Expr], n: usize, pos: u32) -> R<Vec<Val>> {
        self.check_arg_count(name, n, args.len(), pos)?;
        args.iter().map(|a| self.rvalue(a)).collect()
    }

    /// The "value" of a void expression: a placeholder that is erased
    /// when the function is finished, since nothing can use it.
    pub fn void(&mut self, pos: u32) -> Val {
        let loc = self.loc(pos);
        let t = self.ctx().common.i32;
        let z = self.undef_value(t, loc, None);
        self.val(z, CType::Void)
    }

    fn require_host(&self, what: &str, pos: u32) -> R<()> {
        if self.f.mode != Some(Mode::Host) {
            return self.err(pos, format!("'{what}' is only available in host code"));
        }
        Ok(())
    }

    fn builtin(&mut self, name: &str, args: &[Expr], e: &Expr) -> R<Val> {
        let pos = e.pos;
        let loc = self.loc(pos);
        match name {
            "__syncthreads" => {
                self.require_device(name, pos)?;
                self.args(name, args, 0, pos)?;
                self.op("device.barrier", loc, &[], &[], &[]);
                Ok(self.void(pos))
            }
            "atomicAdd" | "atomicSub" | "atomicMin" | "atomicMax" | "atomicExch" | "atomicAnd"
            | "atomicOr" | "atomicXor" => {
                self.require_device(name, pos)?;
                let a = self.args(name, args, 2, pos)?;
                let (p, space, elem) = self.atomic_ptr(&a[0], args[0].pos)?;
                let kind = match (name, elem.is_unsigned()) {
                    ("atomicAdd", _) => "add",
                    ("atomicSub", _) => "sub",
                    ("atomicMin", false) => "min",
                    ("atomicMin", true) => "umin",
                    ("atomicMax", false) => "max",
                    ("atomicMax", true) => "umax",
                    ("atomicExch", _) => "exch",
                    ("atomicAnd", _) => "and",
                    ("atomicOr", _) => "or",
                    _ => "xor",
                };
                if elem.is_float() && !matches!(kind, "add" | "exch") {
                    return self.err(pos, format!("unsupported: {name} on '{elem}'"));
                }
                if elem == CType::Double {
                    return self.err(pos, "unsupported: atomics on 'double'");
                }
                let v = self.convert(a[1].clone(), &elem, args[1].pos)?;
                let t = self.ir_type(&elem);
                let k = self.ctx().str_attr(kind);
                let _ = space;
                let r = self.op1("device.atomic", loc, &[p, v.v], t, &[("kind", k)]);
                Ok(self.val(r, elem))
            }
            "atomicCAS" => {
                self.require_device(name, pos)?;
                let a = self.args(name, args, 3, pos)?;
                let (p, _, elem) = self.atomic_ptr(&a[0], args[0].pos)?;
                if !elem.is_integer() {
                    return self.err(pos, format!("unsupported: atomicCAS on '{elem}'"));
                }
                let c = self.convert(a[1].clone(), &elem, args[1].pos)?;
                let n = self.convert(a[2].clone(), &elem, args[2].pos)?;
                let t = self.ir_type(&elem);
                let r = self.op1("device.atomic_cas", loc, &[p, c.v, n.v], t, &[]);
                Ok(self.val(r, elem))
            }
            "__ballot_sync" | "__any_sync" | "__all_sync" => {
                self.require_device(name, pos)?;
                let a = self.args(name, args, 2, pos)?;
                let mask = self.convert(a[0].clone(), &UINT, args[0].pos)?;
                let pred = self.truth(&a[1], args[1].pos)?;
                let (mode, rt) = match name {
                    "__ballot_sync" => ("ballot", UINT),
                    "__any_sync" => ("any", CType::Bool),
                    _ => ("all", CType::Bool),
                };
                let t = self.ir_type(&rt);
                let m = self.ctx().str_attr(mode);
                let r = self.op1("device.vote", loc, &[mask.v, pred], t, &[("mode", m)]);
                let v = self.val(r, rt);
                if name == "__ballot_sync" {
                    Ok(v)
                } else {
                    self.convert(v, &INT, pos)
                }
            }
            "__shfl_sync" | "__shfl_up_sync" | "__shfl_down_sync" | "__shfl_xor_sync" => {
                self.require_device(name, pos)?;
                if args.len() != 3 && args.len() != 4 {
                    return self.err(
                        pos,
                        format!(
                            "too {} arguments to function call '{name}', expected 3 or 4, have {}",
                            if args.len() < 3 { "few" } else { "many" },
                            args.len()
                        ),
                    );
                }
                let a: Vec<Val> = args.iter().map(|x| self.rvalue(x)).collect::<R<_>>()?;
                let mask = self.convert(a[0].clone(), &UINT, args[0].pos)?;
                let vty = match &a[1].ty {
                    t @ (CType::Float | CType::Double) => t.clone(),
                    CType::Int { bits: 64, .. } => a[1].ty.clone(),
                    t if t.is_integer() => t.promoted(),
                    t => return self.err(args[1].pos, format!("unsupported: shuffle of '{t}'")),
                };
                let v = self.convert(a[1].clone(), &vty, args[1].pos)?;
                let lane = self.convert(a[2].clone(), &INT, args[2].pos)?;
                let width = match a.get(3) {
                    Some(w) => self.convert(w.clone(), &INT, args[3].pos)?.v,
                    None => self.const_int(32, &INT, loc),
                };
                let mode = match name {
                    "__shfl_sync" => "idx",
                    "__shfl_up_sync" => "up",
                    "__shfl_down_sync" => "down",
                    _ => "xor",
                };
                let t = self.ir_type(&vty);
                let m = self.ctx().str_attr(mode);
                let r = self.op1(
                    "device.shuffle",
                    loc,
                    &[mask.v, v.v, lane.v, width],
                    t,
                    &[("mode", m)],
                );
                Ok(self.val(r, vty))
            }
            "sqrtf" | "expf" | "logf" | "sinf" | "cosf" | "fabsf" | "rsqrtf" | "floorf"
            | "ceilf" => {
                let a = self.args(name, args, 1, pos)?;
                let v = self.convert(a[0].clone(), &CType::Float, args[0].pos)?;
                self.math(&name[..name.len() - 1], v, pos)
            }
            "sqrt" | "exp" | "log" | "sin" | "cos" | "fabs" | "rsqrt" | "floor" | "ceil" => {
                let a = self.args(name, args, 1, pos)?;
                // C++'s <cmath> overloads: float stays float.
                let t = if a[0].ty == CType::Float {
                    CType::Float
                } else {
                    CType::Double
                };
                if !a[0].ty.is_arith() {
                    return self.err(
                        args[0].pos,
                        format!(
                            "type error: no matching function for call to '{name}' with '{}'",
                            a[0].ty
                        ),
                    );
                }
                let v = self.convert(a[0].clone(), &t, args[0].pos)?;
                self.math(name, v, pos)
            }
            "fminf" | "fmaxf" | "fmin" | "fmax" => {
                let a = self.args(name, args, 2, pos)?;
                let t = if name.ends_with('f')
                    || (a[0].ty == CType::Float && a[1].ty == CType::Float)
                {
                    CType::Float
                } else {
                    CType::Double
                };
                let x = self.convert(a[0].clone(), &t, args[0].pos)?;
                let y = self.convert(a[1].clone(), &t, args[1].pos)?;
                let def = if name.starts_with("fmin") {
                    &ar::MINNUMF
                } else {
                    &ar::MAXNUMF
                };
                let r = self.bin(def, x.v, y.v, loc);
                Ok(self.val(r, t))
            }
            "min" | "max" => {
                let a = self.args(name, args, 2, pos)?;
                if !a[0].ty.is_arith() || !a[1].ty.is_arith() {
                    return self.err(pos, format!("type error: no matching function for call to '{name}' with '{}' and '{}'", a[0].ty, a[1].ty));
                }
                let t = usual_arith(&a[0].ty, &a[1].ty);
                let x = self.convert(a[0].clone(), &t, args[0].pos)?;
                let y = self.convert(a[1].clone(), &t, args[1].pos)?;
                let min = name == "min";
                let def = match (t.is_float(), t.is_unsigned(), min) {
                    (true, _, true) => &ar::MINNUMF,
                    (true, _, false) => &ar::MAXNUMF,
                    (false, true, true) => &ar::MINUI,
                    (false, true, false) => &ar::MAXUI,
                    (false, false, true) => &ar::MINSI,
                    (false, false, false) => &ar::MAXSI,
                };
                let r = self.bin(def, x.v, y.v, loc);
                Ok(self.val(r, t))
            }
            "malloc" => {
                self.require_host(name, pos)?;
                let a = self.args(name, args, 1, pos)?;
                let n = self.size_arg(a[0].clone(), args[0].pos)?;
                let t = self.host_ptr_type();
                let r = self.op1("host.alloc", loc, &[n], t, &[]);
                Ok(self.val(r, CType::ptr(CType::Void, Space::Host)))
            }
            "free" => {
                self.require_host(name, pos)?;
                let a = self.args(name, args, 1, pos)?;
                self.expect_space(&a[0], Space::Host, args[0].pos, "free")?;
                self.op("host.free", loc, &[a[0].v], &[], &[]);
                Ok(self.void(pos))
            }
            "cudaMalloc" => {
                self.require_host(name, pos)?;
                self.check_arg_count(name, 2, args.len(), pos)?;
                let Some(target) = super::malloc_target(&args[0]) else {
                    return self.err(args[0].pos, "unsupported: cudaMalloc target must be '&p' or '(void**)&p' for a local pointer variable p");
                };
                let Some(var) = self.lookup(target).cloned() else {
                    return self.err(
                        args[0].pos,
                        format!("use of undeclared identifier '{target}'"),
                    );
                };
                let CType::Ptr(elem, _, vol) = var.ty.clone() else {
                    return self.err(
                        args[0].pos,
                        format!("type error: cudaMalloc target '{target}' is not a pointer"),
                    );
                };
                let bytes = self.rvalue(&args[1])?;
                let n = self.size_arg(bytes, args[1].pos)?;
                let t = self.dev_ptr_type(Space::Global);
                let p = self.op1("host.device_alloc", loc, &[n], t, &[]);
                let pv = self.val(p, CType::Ptr(elem, Space::Global, vol));
                let lv = match var.storage {
                    Storage::Ssa(v) => super::LVal {
                        place: super::Place::Ssa(v),
                        ty: var.ty.clone(),
                    },
                    Storage::Mem(ptr, s) => super::LVal {
                        place: super::Place::Mem(ptr, s, false),
                        ty: var.ty.clone(),
                    },
                    Storage::Dim3(_) => {
                        return self.err(
                            args[0].pos,
                            "type error: cudaMalloc target is not a pointer",
                        );
                    }
                };
                let pv = self.convert(pv, &var.ty, args[0].pos)?;
                self.store_lval(&lv, &pv, pos)?;
                let z = self.const_int(0, &INT, loc);
                Ok(self.val(z, INT))
            }
            "cudaFree" => {
                self.require_host(name, pos)?;
                let a = self.args(name, args, 1, pos)?;
                self.expect_space(&a[0], Space::Global, args[0].pos, "cudaFree")?;
                self.op("host.device_free", loc, &[a[0].v], &[], &[]);
                let z = self.const_int(0, &INT, loc);
                Ok(self.val(z, INT))
            }
            "cudaMemcpy" => {
                self.require_host(name, pos)?;
                self.check_arg_count(name, 4, args.len(), pos)?;
                let kind_name = match &args[3].kind {
                    ExprKind::Ident(k) => k.clone(),
                    _ => {
                        return self.err(
                            args[3].pos,
                            "unsupported: cudaMemcpy kind must be a cudaMemcpy* constant",
                        );
                    }
                };
                let (kind, ds, ss) = match kind_name.as_str() {
                    "cudaMemcpyHostToDevice" => ("host_to_device", Space::Global, Space::Host),
                    "cudaMemcpyDeviceToHost" => ("device_to_host", Space::Host, Space::Global),
                    "cudaMemcpyDeviceToDevice" => {
                        ("device_to_device", Space::Global, Space::Global)
                    }
                    "cudaMemcpyHostToHost" => ("host_to_host", Space::Host, Space::Host),
                    other => {
                        return self.err(
                            args[3].pos,
                            format!("unsupported: cudaMemcpy kind '{other}'"),
                        );
                    }
                };
                let d = self.rvalue(&args[0])?;
                let s = self.rvalue(&args[1])?;
                self.expect_space(&d, ds, args[0].pos, &format!("destination of {kind_name}"))?;
                self.expect_space(&s, ss, args[1].pos, &format!("source of {kind_name}"))?;
                let b = self.rvalue(&args[2])?;
                let n = self.size_arg(b, args[2].pos)?;
                let k = self.ctx().str_attr(kind);
                self.op("host.memcpy", loc, &[d.v, s.v, n], &[], &[("kind", k)]);
                let z = self.const_int(0, &INT, loc);
                Ok(self.val(z, INT))
            }
            "cudaDeviceSynchronize" => {
                self.require_host(name, pos)?;
                self.args(name, args, 0, pos)?;
                self.op("host.synchronize", loc, &[], &[], &[]);
                let z = self.const_int(0, &INT, loc);
                Ok(self.val(z, INT))
            }
            "printf" => self.printf(args, e),
            "__syncwarp" | "__threadfence" | "__shfl" | "__any" | "__all" | "__ballot" | "exit"
            | "abort" | "memset" | "memcpy" | "cudaMemset" | "cudaGetLastError"
            | "cudaMallocManaged" => self.err(pos, format!("unsupported: '{name}'")),
            _ => self.err(pos, format!("use of undeclared identifier '{name}'")),
        }
    }

    fn math(&mut self, base: &str, v: Val, pos: u32) -> R<Val> {
        let loc = self.loc(pos);
        let op = match base {
            "sqrt" => "math.sqrt",
            "exp" => "math.exp",
            "log" => "math.log",
            "sin" => "math.sin",
            "cos" => "math.cos",
            "fabs" => "math.absf",
            "rsqrt" => "math.rsqrt",
            "floor" => "math.floor",
            _ => "math.ceil",
        };
        let t = self.ir_type(&v.ty);
        let r = self.op1(op, loc, &[v.v], t, &[]);
        Ok(self.val(r, v.ty))
    }

    /// A byte count as `i64` (C's `size_t`).
    fn size_arg(&mut self, v: Val, pos: u32) -> R<ValueId> {
        Ok(self.integer_as(v, &ULONG, pos, "size")?.v)
    }

    fn expect_space(&self, v: &Val, want: Space, pos: u32, what: &str) -> R<()> {
        match &v.ty {
            CType::Ptr(_, s, _) if *s == want => Ok(()),
            CType::Ptr(_, s, _) => self.err(
                pos,
                format!(
                    "type error: {what} must be a {} pointer, but this is a {} pointer",
                    want.describe(),
                    s.describe()
                ),
            ),
            t => self.err(
                pos,
                format!("type error: {what} must be a pointer, not '{t}'"),
            ),
        }
    }

    fn atomic_ptr(&mut self, p: &Val, pos: u32) -> R<(ValueId, Space, CType)> {
        match &p.ty {
            CType::Ptr(elem, s, _) => {
                if !matches!(s, Space::Global | Space::Shared | Space::Generic) {
                    return self.err(
                        pos,
                        format!("unsupported: atomic on a {} pointer", s.describe()),
                    );
                }
                let ok = matches!(
                    **elem,
                    CType::Int { bits: 32 | 64, .. } | CType::Float | CType::Double
                );
                if !ok {
                    return self.err(
                        pos,
                        format!("type error: no atomic operation on '{}'", p.ty),
                    );
                }
                Ok((p.v, *s, (**elem).clone()))
            }
            t => self.err(
                pos,
                format!("type error: atomic address must be a pointer, not '{t}'"),
            ),
        }
    }

    fn printf(&mut self, args: &[Expr], e: &Expr) -> R<Val> {
        let pos = e.pos;
        let loc = self.loc(pos);
        if self.f.mode != Some(Mode::Host) {
            return self.err(pos, "unsupported: printf in device code");
        }
        let Some(first) = args.first() else {
            return self.err(
                pos,
                "too few arguments to function call 'printf', expected at least 1, have 0",
            );
        };
        let ExprKind::Str(fmt) = &first.kind else {
            return self.err(
                first.pos,
                "unsupported: printf format that is not a string literal",
            );
        };
        let fmt = String::from_utf8_lossy(fmt).into_owned();
        let specs = match parse_format(&fmt) {
            Ok(s) => s,
            Err(msg) => return self.err(first.pos, msg),
        };
        let rest = &args[1..];
        if specs.len() != rest.len() {
            return self.err(
                pos,
                format!(
                    "type error: printf format has {} conversion{} but {} argument{} given",
                    specs.len(),
                    if specs.len() == 1 { "" } else { "s" },
                    rest.len(),
                    if rest.len() == 1 { " is" } else { "s are" }
                ),
            );
        }
        // String-literal arguments of %s are folded into the format.
        let mut out_fmt = String::new();
        let mut last = 0;
        let mut vals = Vec::new();
        let mut segments: Vec<Segment> = Vec::new();
        for (spec, a) in specs.iter().zip(rest) {
            out_fmt.push_str(&fmt[last..spec.start]);
            last = spec.end;
            if spec.conv == 's' {
                match &a.kind {
                    ExprKind::Str(s) => {
                        out_fmt.push_str(&String::from_utf8_lossy(s).replace('%', "%%"));
                    }
                    // `cond ? "A" : "B"`: one printf per choice, chosen by a branch.
                    ExprKind::Cond(c, x, y)
                        if matches!((&x.kind, &y.kind), (ExprKind::Str(_), ExprKind::Str(_))) =>
                    {
                        let (ExprKind::Str(xs), ExprKind::Str(ys)) = (&x.kind, &y.kind) else {
                            continue;
                        };
                        let cv = self.rvalue(c)?;
                        let cb = self.truth(&cv, c.pos)?;
                        segments.push((
                            std::mem::take(&mut out_fmt),
                            Some((cb, c.span.start, esc(xs), esc(ys))),
                        ));
                    }
                    // A host `char *` (`argv[i]`, a `char` array): the
                    // runtime reads the NUL-terminated string when printing.
                    _ => {
                        let v = self.rvalue(a)?;
                        let is_host_chars = matches!(&v.ty, CType::Ptr(c, Space::Host, _)
                            if matches!(**c, CType::Int { bits: 8, .. }));
                        if !is_host_chars {
                            return self.err(
                                a.pos,
                                format!("unsupported: %s with an argument of type '{}' (a string literal, a choice between two, or a host 'char *')", v.ty),
                            );
                        }
                        out_fmt.push_str(&fmt[spec.start..spec.end]);
                        vals.push(v.v);
                    }
                }
                continue;
            }
            out_fmt.push_str(&fmt[spec.start..spec.end]);
            let v = self.rvalue(a)?;
            let want = match spec.conv {
                'd' | 'i' | 'c' if spec.long => Some(LONG),
                'u' | 'x' | 'X' | 'o' if spec.long => Some(ULONG),
                'd' | 'i' | 'c' => Some(INT),
                'u' | 'x' | 'X' | 'o' => Some(UINT),
                'f' | 'F' | 'e' | 'E' | 'g' | 'G' => Some(CType::Double),
                _ => None,
            };
            let v = match (want, &v.ty) {
                (Some(w), t) if t.is_arith() => {
                    let int_ok = w.is_integer() == t.is_integer();
                    if !int_ok {
                        return self.err(
                            a.pos,
                            format!("type error: format '%{}' expects {}, but the argument has type '{t}'", spec.conv, if w.is_integer() { "an integer" } else { "a floating-point value" }),
                        );
                    }
                    // Default argument promotions, then the format's width.
                    let promoted = if t.is_float() {
                        CType::Double
                    } else {
                        t.promoted()
                    };
                    let v = self.convert(v, &promoted, a.pos)?;
                    if w.is_integer() && promoted.size() != w.size() {
                        self.convert(v, &w, a.pos)?
                    } else {
                        v
                    }
                }
                (_, t) => {
                    return self.err(
                        a.pos,
                        format!(
                            "unsupported: printf argument of type '{t}' for '%{}'",
                            spec.conv
                        ),
                    );
                }
            };
            vals.push(v.v);
        }
        out_fmt.push_str(&fmt[last..]);
        segments.push((out_fmt, None));
        self.emit_printf_variants(&segments, String::new(), &vals, pos)?;
        let z = self.const_int(0, &INT, loc);
        Ok(self.val(z, INT))
    }

    /// Emits `host.printf` for each choice of the conditional strings in
    /// `segs` (text, then an optional (condition, position, then, else)).
    fn emit_printf_variants(
        &mut self,
        segs: &[Segment],
        prefix: String,
        vals: &[ValueId],
        pos: u32,
    ) -> R<()> {
        let loc = self.loc(pos);
        let Some(i) = segs.iter().position(|s| s.1.is_some()) else {
            let mut f = prefix;
            for s in segs {
                f.push_str(&s.0);
            }
            let a = self.ctx().str_attr(&f);
            self.op("host.printf", loc, vals, &[], &[("format", a)]);
            return Ok(());
        };
        let mut head = prefix;
        for s in &segs[..i] {
            head.push_str(&s.0);
        }
        head.push_str(&segs[i].0);
        let Some((cond, cpos, a, b)) = segs[i].1.clone() else {
            return Ok(());
        };
        let tb = self.new_block();
        let eb = self.new_block();
        let join = self.new_block();
        let cl = self.loc(cpos);
        self.cond_br(cond, tb, eb, cl);
        self.seal(tb);
        self.seal(eb);
        for (blk, text) in [(tb, a), (eb, b)] {
            self.switch_to(blk);
            let mut p = head.clone();
            p.push_str(&text);
            self.emit_printf_variants(&segs[i + 1..], p, vals, pos)?;
            self.br(join, loc);
        }
        self.seal_and_switch(join);
        Ok(())
    }

    pub fn launch(
        &mut self,
        kernel: &str,
        kernel_span: Span,
        config: &[Expr],
        args: &[Expr],
        span: Span,
    ) -> R<()> {
        let pos = kernel_span.start;
        let loc = self.loc(span.start);
        if self.f.mode != Some(Mode::Host) {
            return self.err(
                pos,
                "unsupported: kernel launch from device code (dynamic parallelism)",
            );
        }
        let Some(sig) = self.sigs.get(kernel).cloned() else {
            return self.err(pos, format!("use of undeclared identifier '{kernel}'"));
        };
        if sig.kind != FnKind::Kernel {
            return self.err(
                pos,
                format!("kernel launch of '{kernel}', which is not a __global__ function"),
            );
        }
        if !sig.defined {
            return self.err(
                pos,
                format!(
                    "unsupported: launch of kernel '{kernel}' that is declared but not defined"
                ),
            );
        }
        if config.len() < 2 || config.len() > 3 {
            return self.err(pos, "a launch configuration takes 2 or 3 arguments (grid, block[, shared memory bytes])");
        }
        let mut dims = Vec::new();
        for c in &config[..2] {
            let v = self.rvalue(c)?;
            let v = self.assign_convert(v, &CType::Dim3, c.pos)?;
            let (y, z) = v.yz.unwrap_or((v.v, v.v));
            dims.extend([v.v, y, z]);
        }
        let shm = match config.get(2) {
            Some(c) => {
                let v = self.rvalue(c)?;
                self.integer_as(v, &UINT, c.pos, "shared memory size")?.v
            }
            None => self.const_int(0, &UINT, loc),
        };
        let params = sig.params_in(Mode::Device);
        if params.len() != args.len() {
            let which = if args.len() < params.len() {
                "few"
            } else {
                "many"
            };
            return self.err(
                pos,
                format!(
                    "too {which} arguments to kernel launch '{kernel}', expected {}, have {}",
                    params.len(),
                    args.len()
                ),
            );
        }
        let mut vals = Vec::new();
        for (a, t) in args.iter().zip(&params) {
            let v = self.rvalue(a)?;
            if let (CType::Ptr(_, s, _), CType::Ptr(..)) = (&v.ty, t)
                && *s != Space::Global
            {
                return self.err(
                    a.pos,
                    format!("type error: kernel argument must be a device pointer, but this is a {} pointer", s.describe()),
                );
            }
            let v = self.assign_convert(v, t, a.pos)?;
            vals.push(v.v);
        }
        let mut operands = dims;
        operands.push(shm);
        operands.extend(vals);
        let c = self.ctx();
        let sym = c.attr(lockstep_ir::AttrData::SymbolRef {
            root: c.sym("kernels"),
            nested: Box::new([c.sym(kernel)]),
        });
        self.op("host.launch", loc, &operands, &[], &[("kernel", sym)]);
        let _ = INT;
        Ok(())
    }
}

type Segment = (String, Option<(ValueId, u32, String, String)>);

fn esc(s: &[u8]) -> String {
    String::from_utf8_lossy(s).replace('%', "%%")
}

/// One conversion of a printf format: byte range, conversion letter and
/// whether it has an `l`/`ll` length.
#[derive(Debug, PartialEq)]
pub(crate) struct FmtSpec {
    pub start: usize,
    pub end: usize,
    pub conv: char,
    pub long: bool,
}

pub(crate) fn parse_format(f: &str) -> Result<Vec<FmtSpec>, String> {
    let b = f.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        if b.get(i) == Some(&b'%') {
            i += 1;
            continue;
        }
        while i < b.len() && b"-+ #0".contains(&b[i]) {
            i += 1;
        }
        while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
            i += 1;
        }
        if b.get(i) == Some(&b'*') {
            return Err("unsupported: '*' width in printf format".into());
        }
        let mut long = false;
        while i < b.len() && matches!(b[i], b'l' | b'h' | b'z') {
            long |= matches!(b[i], b'l' | b'z');
            i += 1;
        }
        let Some(&c) = b.get(i) else {
            return Err("incomplete conversion at the end of the printf format".into());
        };
        if !b"diucxXofFeEgGs".contains(&c) {
            return Err(format!("unsupported: printf conversion '%{}'", c as char));
        }
        i += 1;
        out.push(FmtSpec {
            start,
            end: i,
            conv: c as char,
            long,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        let s = parse_format("a %d %5.2f %%  %llu %s").unwrap();
        let convs: Vec<(char, bool)> = s.iter().map(|x| (x.conv, x.long)).collect();
        assert_eq!(
            convs,
            vec![('d', false), ('f', false), ('u', true), ('s', false)]
        );
        assert!(parse_format("%n").is_err());
        assert!(parse_format("%").is_err());
    }
}
