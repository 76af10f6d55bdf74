//! Statements and local declarations.
//!
//! Invariants: structured statements become blocks and pending branches in
//! the shape Braun et al.'s construction expects — a loop header is sealed
//! only after its back edge exists, a join only after all its incoming
//! edges; `break`/`continue`/`return` end the current block and start an
//! unreachable one; every conditional branch is located at its condition.

use super::{Lower, Mode, R, Storage, Var};
use crate::ast::{Decl, Declarator, Expr, ExprKind, Init, Span, Stmt};
use crate::types::{CType, Space, UINT};
use lockstep_ir::ValueId;

impl<'a> Lower<'a> {
    pub fn stmt(&mut self, s: &Stmt) -> R<()> {
        match s {
            Stmt::Block(v, _) => {
                self.f.scopes.push(Default::default());
                let r = v.iter().try_for_each(|s| self.stmt(s));
                self.f.scopes.pop();
                r
            }
            Stmt::Empty => Ok(()),
            Stmt::Expr(e) => {
                self.rvalue(e)?;
                Ok(())
            }
            Stmt::Decl(d) => self.local_decl(d),
            Stmt::If {
                cond, then, els, ..
            } => {
                let c = self.condition(cond)?;
                let tb = self.new_block();
                let join = self.new_block();
                let eb = if els.is_some() {
                    self.new_block()
                } else {
                    join
                };
                let cl = self.loc(cond.span.start);
                self.cond_br(c, tb, eb, cl);
                self.seal(tb);
                if eb != join {
                    self.seal(eb);
                }
                self.switch_to(tb);
                self.scoped(then)?;
                let end = self.loc(cond.span.start);
                self.br(join, end);
                if let Some(e) = els {
                    self.switch_to(eb);
                    self.scoped(e)?;
                    self.br(join, end);
                }
                self.seal_and_switch(join);
                Ok(())
            }
            Stmt::While { cond, body, span } => {
                let loc = self.loc(span.start);
                let header = self.new_block();
                self.br(header, loc);
                self.switch_to(header);
                let c = self.condition(cond)?;
                let bb = self.new_block();
                let exit = self.new_block();
                let cl = self.loc(cond.span.start);
                self.cond_br(c, bb, exit, cl);
                self.seal_and_switch(bb);
                self.loop_body(body, exit, header)?;
                self.close_loop(header, exit, loc);
                Ok(())
            }
            Stmt::DoWhile { body, cond, span } => {
                let loc = self.loc(span.start);
                let bb = self.new_block();
                let cb = self.new_block();
                let exit = self.new_block();
                self.br(bb, loc);
                self.switch_to(bb);
                self.loop_body(body, exit, cb)?;
                self.br(cb, loc);
                self.seal_and_switch(cb);
                let c = self.condition(cond)?;
                let cl = self.loc(cond.span.start);
                self.cond_br(c, bb, exit, cl);
                self.seal(bb);
                self.seal_and_switch(exit);
                Ok(())
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
                span,
            } => {
                let loc = self.loc(span.start);
                self.f.scopes.push(Default::default());
                let r = (|| -> R<()> {
                    if let Some(i) = init {
                        self.stmt(i)?;
                    }
                    let header = self.new_block();
                    self.br(header, loc);
                    self.switch_to(header);
                    let bb = self.new_block();
                    let latch = self.new_block();
                    let exit = self.new_block();
                    match cond {
                        Some(c) => {
                            let cv = self.condition(c)?;
                            let cl = self.loc(c.span.start);
                            self.cond_br(cv, bb, exit, cl);
                        }
                        None => self.br(bb, loc),
                    }
                    self.seal_and_switch(bb);
                    self.loop_body(body, exit, latch)?;
                    self.br(latch, loc);
                    self.seal_and_switch(latch);
                    if let Some(s) = step {
                        self.rvalue(s)?;
                    }
                    self.close_loop(header, exit, loc);
                    Ok(())
                })();
                self.f.scopes.pop();
                r
            }
            Stmt::Break(sp) => self.loop_jump(sp.start, "break", |(exit, _)| exit),
            Stmt::Continue(sp) => self.loop_jump(sp.start, "continue", |(_, cont)| cont),
            Stmt::Return(e, sp) => {
                let loc = self.loc(sp.start);
                let ret = self.f.ret.clone().unwrap_or(CType::Void);
                match (e, &ret) {
                    (None, CType::Void) => self.emit_return(None, loc),
                    (Some(e), CType::Void) => {
                        let v = self.rvalue(e)?;
                        if v.ty != CType::Void {
                            let what = if self.f.kind == Some(super::FnKind::Kernel) {
                                "kernel function"
                            } else {
                                "void function"
                            };
                            return self.err(
                                e.pos,
                                format!("{what} '{}' should not return a value", self.f.name),
                            );
                        }
                        self.emit_return(None, loc);
                    }
                    (None, t) => {
                        return self.err(
                            sp.start,
                            format!(
                                "non-void function '{}' should return a value of type '{t}'",
                                self.f.name
                            ),
                        );
                    }
                    (Some(e), t) => {
                        let v = self.rvalue(e)?;
                        let v = self.assign_convert(v, t, e.pos)?;
                        self.emit_return(Some(v.v), loc);
                    }
                }
                Ok(())
            }
            Stmt::Launch {
                kernel,
                kernel_span,
                config,
                args,
                span,
            } => self.launch(kernel, *kernel_span, config, args, *span),
        }
    }

    /// A loop body in its own scope, where `break` goes to `exit` and
    /// `continue` to `cont`.
    fn loop_body(&mut self, body: &Stmt, exit: usize, cont: usize) -> R<()> {
        self.f.loops.push((exit, cont));
        let r = self.scoped(body);
        self.f.loops.pop();
        r
    }

    /// The back edge to `header`, which seals it (all its predecessors are
    /// now known); code continues after the loop, at `exit`.
    fn close_loop(&mut self, header: usize, exit: usize, loc: lockstep_ir::LocId) {
        self.br(header, loc);
        self.seal(header);
        self.seal_and_switch(exit);
    }

    /// `break` or `continue` (`keyword`): a branch to the target `pick`
    /// chooses from the innermost loop's (exit, continue) blocks, then
    /// unreachable code.
    fn loop_jump(
        &mut self,
        pos: u32,
        keyword: &str,
        pick: impl Fn((usize, usize)) -> usize,
    ) -> R<()> {
        let Some(&targets) = self.f.loops.last() else {
            return self.err(pos, format!("'{keyword}' statement not in loop"));
        };
        let loc = self.loc(pos);
        self.br(pick(targets), loc);
        self.start_dead_block();
        Ok(())
    }

    /// A statement in its own scope (the body of `if`, a loop, ...).
    fn scoped(&mut self, s: &Stmt) -> R<()> {
        self.f.scopes.push(Default::default());
        let r = self.stmt(s);
        self.f.scopes.pop();
        r
    }

    /// A condition as an `i1`.
    fn condition(&mut self, e: &Expr) -> R<ValueId> {
        let v = self.rvalue(e)?;
        self.truth(&v, e.pos)
    }

    fn local_decl(&mut self, d: &Decl) -> R<()> {
        let specs = &d.specs;
        for (w, sp) in &specs.storage {
            match w.as_str() {
                "static" => return self.err(sp.start, "unsupported: static local variable"),
                "__global__" | "__host__" => {
                    return self.err(sp.start, format!("'{w}' does not apply to variables"));
                }
                "__device__" => return self.err(sp.start, "unsupported: __device__ variable"),
                _ => {}
            }
        }
        let shared = specs.has("__shared__");
        let is_extern = specs.has("extern");
        if shared && self.f.mode != Some(Mode::Device) {
            let sp = specs.storage_span("__shared__").unwrap_or(specs.span);
            return self.err(
                sp.start,
                "__shared__ variables are only allowed in device code",
            );
        }
        if is_extern && !shared {
            let sp = specs.storage_span("extern").unwrap_or(specs.span);
            return self.err(sp.start, "unsupported: extern local variable");
        }
        let base = self.base_type(specs)?;
        for decl in &d.declarators {
            self.declarator(
                &base,
                specs.is_const,
                specs.is_volatile,
                shared,
                is_extern,
                decl,
            )?;
        }
        Ok(())
    }

    fn declarator(
        &mut self,
        base: &CType,
        is_const: bool,
        is_volatile: bool,
        shared: bool,
        is_extern: bool,
        d: &Declarator,
    ) -> R<()> {
        if let Some(s) = d.fn_ptr {
            return self.err(s.start, "unsupported: function pointer");
        }
        let pos = d.name_span.start;
        let loc = self.loc(pos);
        if self
            .f
            .scopes
            .last()
            .is_some_and(|s| s.contains_key(&d.name))
        {
            return self.err(pos, format!("redefinition of '{}'", d.name));
        }
        let mut ty = base.clone();
        for i in 0..d.ptrs {
            // `volatile T *p`: the pointee of the first level is volatile.
            let vol = i == 0 && is_volatile;
            ty = CType::Ptr(Box::new(ty), Space::Any, vol);
        }
        if ty == CType::Void {
            return self.err(pos, "variable has incomplete type 'void'");
        }
        let mut dims = Vec::new();
        for (i, dim) in d.dims.iter().enumerate() {
            match dim {
                Some(e) => {
                    let Some(n) = self.const_eval(e) else {
                        return self.err(
                            e.pos,
                            "unsupported: variable-length array (size must be a constant)",
                        );
                    };
                    if n <= 0 {
                        return self.err(e.pos, "array size must be positive");
                    }
                    if n > (1 << 30) {
                        return self.err(e.pos, "array is too large");
                    }
                    dims.push(Some(n as u64));
                }
                None if i == 0 && shared && is_extern => dims.push(None),
                None if i == 0 && matches!(d.init, Some(Init::List(..))) => {
                    let n = match &d.init {
                        Some(Init::List(v, _)) => v.len() as u64,
                        _ => 0,
                    };
                    dims.push(Some(n.max(1)));
                }
                None => {
                    return self.err(
                        pos,
                        "definition of variable with array type needs an explicit size",
                    );
                }
            }
        }
        for n in dims.iter().rev() {
            ty = CType::Array(Box::new(ty), *n);
        }
        if shared {
            return self.shared_decl(ty, is_extern, d);
        }
        if ty == CType::Dim3 {
            return self.dim3_decl(d);
        }
        if let CType::Array(..) = ty {
            return self.array_decl(ty, d);
        }
        if d.ctor.is_some() {
            return self.err(
                pos,
                "unsupported: constructor syntax for a non-dim3 variable",
            );
        }
        // Scalars and pointers.
        let mut init_val = None;
        let mut final_ty = ty.clone();
        match &d.init {
            Some(Init::Expr(e)) => {
                let v = self.rvalue(e)?;
                if let (CType::Ptr(_, Space::Any, _), CType::Ptr(_, s, _)) = (&ty, &v.ty) {
                    final_ty = with_top_space(&ty, self.pointer_space_for(&d.name, Some(*s)));
                } else if ty.is_ptr() {
                    final_ty = with_top_space(&ty, self.pointer_space_for(&d.name, None));
                }
                let v = self.assign_convert(v, &final_ty, e.pos)?;
                init_val = Some(v.v);
            }
            Some(Init::List(_, s)) => {
                return self.err(s.start, "unsupported: brace initializer for a scalar");
            }
            None => {
                if ty.is_ptr() {
                    final_ty = with_top_space(&ty, self.pointer_space_for(&d.name, None));
                }
            }
        }
        self.declare_scalar(&d.name, final_ty, init_val, loc, d.name_span)?;
        if is_const
            && let Some(Init::Expr(e)) = &d.init
            && ty.is_integer()
            && let Some(v) = self.const_eval(e)
            && let Some(s) = self.f.scopes.last_mut()
            && let Some(var) = s.get_mut(&d.name)
        {
            var.const_value = Some(v);
        }
        Ok(())
    }

    /// The address space of a new pointer variable: from its initializer,
    /// else from the function's device-pointer analysis (host) or generic
    /// (device).
    fn pointer_space_for(&self, name: &str, from_init: Option<Space>) -> Space {
        match self.f.mode {
            Some(Mode::Host) => {
                if self.f.device_ptrs.contains(name) {
                    Space::Global
                } else {
                    from_init.unwrap_or(Space::Host)
                }
            }
            _ => from_init.unwrap_or(Space::Generic),
        }
    }

    fn dim3_decl(&mut self, d: &Declarator) -> R<()> {
        let pos = d.name_span.start;
        let loc = self.loc(pos);
        let v = match (&d.ctor, &d.init) {
            (Some((args, sp)), _) => self.dim3_value(args, sp.start)?,
            (None, Some(Init::Expr(e))) => {
                let v = self.rvalue(e)?;
                self.assign_convert(v, &CType::Dim3, e.pos)?
            }
            (None, Some(Init::List(v, sp))) => {
                let exprs: Vec<Expr> = v
                    .iter()
                    .filter_map(|i| match i {
                        Init::Expr(e) => Some(e.clone()),
                        _ => None,
                    })
                    .collect();
                self.dim3_value(&exprs, sp.start)?
            }
            (None, None) => self.dim3_value(&[], pos)?,
        };
        let i32t = self.ctx().common.i32;
        let (y, z) = v.yz.unwrap_or((v.v, v.v));
        let mut vars = [0usize; 3];
        for (i, (val, comp)) in [(v.v, "x"), (y, "y"), (z, "z")].into_iter().enumerate() {
            let var = self.new_ssa_var(i32t, &format!("{}.{comp}", d.name), loc);
            self.write_var(var, val);
            vars[i] = var;
        }
        self.bind(
            &d.name,
            Var {
                ty: CType::Dim3,
                storage: Storage::Dim3(vars),
                const_value: None,
            },
        );
        let _ = UINT;
        Ok(())
    }

    fn array_decl(&mut self, ty: CType, d: &Declarator) -> R<()> {
        let pos = d.name_span.start;
        let loc = self.loc(pos);
        let (ptr, space) = self.alloca(&ty, loc);
        self.bind(
            &d.name,
            Var {
                ty: ty.clone(),
                storage: Storage::Mem(ptr, space),
                const_value: None,
            },
        );
        match &d.init {
            None => Ok(()),
            Some(Init::Expr(e)) => self.err(
                e.pos,
                "unsupported: array initializer that is not a brace list",
            ),
            Some(Init::List(items, sp)) => {
                let mut flat = Vec::new();
                flatten(items, &mut flat);
                let CType::Array(elem, Some(n)) = &ty else {
                    return self.err(sp.start, "unsupported: initializer for this array");
                };
                let mut scalar = (**elem).clone();
                let mut count = *n;
                while let CType::Array(inner, Some(m)) = scalar.clone() {
                    count *= m;
                    scalar = *inner;
                }
                if flat.len() as u64 > count {
                    return self.err(sp.start, "excess elements in array initializer");
                }
                let size = scalar.size().unwrap_or(1) as i64;
                for k in 0..count {
                    let v = match flat.get(k as usize) {
                        Some(e) => {
                            let v = self.rvalue(e)?;
                            self.assign_convert(v, &scalar, e.pos)?
                        }
                        None => {
                            let z = if scalar.is_float() {
                                self.const_float(0.0, &scalar, loc)
                            } else if scalar.is_integer() {
                                self.const_int(0, &scalar, loc)
                            } else {
                                return self.err(
                                    sp.start,
                                    "unsupported: partially initialized pointer array",
                                );
                            };
                            self.val(z, scalar.clone())
                        }
                    };
                    let off = self.const_int(k as i64 * size, &crate::types::LONG, loc);
                    let pt = self.ctx().value_type(ptr);
                    let p = self.ptradd(space, ptr, off, pt, loc);
                    self.store(v.v, p, space, &scalar, false, loc);
                }
                Ok(())
            }
        }
    }

    fn shared_decl(&mut self, ty: CType, is_extern: bool, d: &Declarator) -> R<()> {
        let pos = d.name_span.start;
        let loc = self.loc(pos);
        if d.init.is_some() {
            return self.err(
                pos,
                "initialization is not supported for __shared__ variables",
            );
        }
        let pt = self.dev_ptr_type(Space::Shared);
        let ptr = if is_extern {
            if !matches!(ty, CType::Array(_, None)) {
                return self.err(
                    pos,
                    "extern __shared__ variable must be an array of unknown size",
                );
            }
            self.op1("device.dynamic_shared", loc, &[], pt, &[])
        } else {
            let Some(size) = ty.size() else {
                return self.err(pos, "__shared__ variable must have a known size");
            };
            let sym = self.shared_global(&d.name, size, ty.align(), loc);
            let r = self.ctx().symbol_ref_attr(&sym);
            self.op1("device.addressof", loc, &[], pt, &[("symbol", r)])
        };
        self.bind(
            &d.name,
            Var {
                ty,
                storage: Storage::Mem(ptr, Space::Shared),
                const_value: None,
            },
        );
        Ok(())
    }

    /// Integer constant expressions (array sizes): literals, `sizeof`,
    /// `const` variables with constant initializers, and C's operators.
    pub fn const_eval(&mut self, e: &Expr) -> Option<i128> {
        use crate::ast::{BinOp as B, UnOp as U};
        Some(match &e.kind {
            ExprKind::Int { value, .. } => *value as i128,
            ExprKind::Char(c) => *c as i128,
            ExprKind::Bool(b) => *b as i128,
            ExprKind::Ident(n) => match self.lookup(n) {
                Some(v) => v.const_value?,
                None => {
                    let (t, init) = self.globals.get(n).cloned()?;
                    if !t.is_integer() {
                        return None;
                    }
                    self.const_eval(&init)?
                }
            },
            ExprKind::SizeofType(t) => self.type_name(t).ok()?.size()? as i128,
            ExprKind::SizeofExpr(a) => self.type_of(a).ok()?.size()? as i128,
            ExprKind::Cast(_, a) => self.const_eval(a)?,
            ExprKind::Unary(op, a) => {
                let v = self.const_eval(a)?;
                match op {
                    U::Neg => -v,
                    U::Plus => v,
                    U::Not => (v == 0) as i128,
                    U::BitNot => !v,
                    _ => return None,
                }
            }
            ExprKind::Binary(op, a, b) => {
                let (x, y) = (self.const_eval(a)?, self.const_eval(b)?);
                match op {
                    B::Add => x.checked_add(y)?,
                    B::Sub => x.checked_sub(y)?,
                    B::Mul => x.checked_mul(y)?,
                    B::Div => x.checked_div(y)?,
                    B::Rem => x.checked_rem(y)?,
                    B::Shl => x.checked_shl(u32::try_from(y).ok()?)?,
                    B::Shr => x.checked_shr(u32::try_from(y).ok()?)?,
                    B::Lt => (x < y) as i128,
                    B::Le => (x <= y) as i128,
                    B::Gt => (x > y) as i128,
                    B::Ge => (x >= y) as i128,
                    B::Eq => (x == y) as i128,
                    B::Ne => (x != y) as i128,
                    B::BitAnd => x & y,
                    B::BitOr => x | y,
                    B::BitXor => x ^ y,
                    B::LogAnd => (x != 0 && y != 0) as i128,
                    B::LogOr => (x != 0 || y != 0) as i128,
                }
            }
            ExprKind::Cond(c, a, b) => {
                if self.const_eval(c)? != 0 {
                    self.const_eval(a)?
                } else {
                    self.const_eval(b)?
                }
            }
            _ => return None,
        })
    }

    #[allow(dead_code)]
    fn unused(&self, _s: Span) {}
}

fn flatten<'e>(items: &'e [Init], out: &mut Vec<&'e Expr>) {
    for i in items {
        match i {
            Init::Expr(e) => out.push(e),
            Init::List(v, _) => flatten(v, out),
        }
    }
}

/// `t` (a pointer) with its own space set to `s`; deeper levels keep theirs
/// unless unknown, in which case they take `s` too.
fn with_top_space(t: &CType, s: Space) -> CType {
    match t {
        CType::Ptr(p, _, v) => {
            let inner = match p.as_ref() {
                CType::Ptr(..) => with_top_space(
                    p,
                    if s == Space::Host {
                        Space::Host
                    } else {
                        Space::Generic
                    },
                ),
                other => other.clone(),
            };
            CType::Ptr(Box::new(inner), s, *v)
        }
        t => t.clone(),
    }
}
