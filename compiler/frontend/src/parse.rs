//! From the pest parse tree to the [`crate::ast`].
//!
//! Invariants: syntax errors come back as a byte offset of the preprocessed
//! text and a message in the front end's words (never pest's default text);
//! expressions get C's precedence and associativity from one Pratt table;
//! literal values that do not fit their type are reported here.

use crate::ast::*;
use pest::Parser;
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};
use std::sync::OnceLock;

#[derive(pest_derive::Parser)]
#[grammar = "cuda.pest"]
pub struct CudaParser;

/// A syntax error at a byte offset of the preprocessed text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub offset: usize,
    pub message: String,
}

type PResult<T> = Result<T, SyntaxError>;

fn span(p: &Pair<'_, Rule>) -> Span {
    let s = p.as_span();
    Span {
        start: s.start() as u32,
        end: s.end() as u32,
    }
}

fn err<T>(at: Span, message: impl Into<String>) -> PResult<T> {
    Err(SyntaxError {
        offset: at.start as usize,
        message: message.into(),
    })
}

fn pratt() -> &'static PrattParser<Rule> {
    static P: OnceLock<PrattParser<Rule>> = OnceLock::new();
    P.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::assign_op, Assoc::Right))
            .op(Op::infix(Rule::ternary_op, Assoc::Right))
            .op(Op::infix(Rule::log_or, Assoc::Left))
            .op(Op::infix(Rule::log_and, Assoc::Left))
            .op(Op::infix(Rule::bit_or_op, Assoc::Left))
            .op(Op::infix(Rule::bit_xor_op, Assoc::Left))
            .op(Op::infix(Rule::bit_and_op, Assoc::Left))
            .op(Op::infix(Rule::eq_op, Assoc::Left) | Op::infix(Rule::ne_op, Assoc::Left))
            .op(Op::infix(Rule::lt_op, Assoc::Left)
                | Op::infix(Rule::gt_op, Assoc::Left)
                | Op::infix(Rule::le_op, Assoc::Left)
                | Op::infix(Rule::ge_op, Assoc::Left))
            .op(Op::infix(Rule::shl_op, Assoc::Left) | Op::infix(Rule::shr_op, Assoc::Left))
            .op(Op::infix(Rule::add_op, Assoc::Left) | Op::infix(Rule::sub_op, Assoc::Left))
            .op(Op::infix(Rule::mul_op, Assoc::Left)
                | Op::infix(Rule::div_op, Assoc::Left)
                | Op::infix(Rule::rem_op, Assoc::Left))
            .op(Op::prefix(Rule::pre_inc)
                | Op::prefix(Rule::pre_dec)
                | Op::prefix(Rule::neg)
                | Op::prefix(Rule::plus)
                | Op::prefix(Rule::not)
                | Op::prefix(Rule::bit_not)
                | Op::prefix(Rule::deref)
                | Op::prefix(Rule::addr_of)
                | Op::prefix(Rule::cast_op)
                | Op::prefix(Rule::sizeof_op))
            .op(Op::postfix(Rule::post_inc)
                | Op::postfix(Rule::post_dec)
                | Op::postfix(Rule::index)
                | Op::postfix(Rule::call)
                | Op::postfix(Rule::member))
    })
}

/// Friendly names of grammar rules, for "expected ..." messages.
fn rule_name(r: &Rule) -> String {
    use Rule::*;
    match r {
        ident => "identifier",
        assign_op | ternary_op | log_or | log_and | bit_or_op | bit_xor_op | bit_and_op | eq_op
        | ne_op | shl_op | shr_op | le_op | ge_op | lt_op | gt_op | add_op | sub_op | mul_op
        | div_op | rem_op => "';'",
        post_inc | post_dec | index | call | member => "';'",
        pre_inc | pre_dec | neg | plus | not | bit_not | deref | addr_of | cast_op | sizeof_op
        | float_lit | int_lit | char_lit | strings | sizeof_type | dim3_ctor | kw_true
        | kw_false | paren | expr | assign_expr | args => "expression",
        top_item | function_def | function_decl | global_decl | extern_c | empty_decl => {
            "declaration"
        }
        decl_specs | type_word | storage | type_qual | kw_const | kw_volatile | kw_restrict
        | type_name | kw_void => "type",
        block => "'{'",
        stmt | if_stmt | for_stmt | while_stmt | do_stmt | break_stmt | continue_stmt
        | return_stmt | launch_stmt | decl_stmt | expr_stmt | empty_stmt | kw_if | kw_for
        | kw_while | kw_do | kw_break | kw_continue | kw_return => "statement",
        EOI => "end of file",
        kw_else => "'else'",
        ptr_op => "'*'",
        array_dim => "'['",
        init_declarator => "declarator",
        params | param | void_params => "parameter",
        initializer | init_list => "initializer",
        ctor_args => "'('",
        other => return format!("{other:?}").replace('_', " "),
    }
    .to_string()
}

fn syntax_error(src: &str, e: pest::error::Error<Rule>) -> SyntaxError {
    let offset = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut names: Vec<String> = positives.iter().map(rule_name).collect();
            names.dedup();
            let mut uniq: Vec<String> = Vec::new();
            for n in names {
                if !uniq.contains(&n) {
                    uniq.push(n);
                }
            }
            // After a complete expression or declaration the usual mistake
            // is a missing ';': say so, at the end of the previous token.
            if uniq.iter().any(|n| n == "';'") {
                let before = src[..offset.min(src.len())].trim_end();
                if let Some(e) = unknown_type_name(before, &src[offset.min(src.len())..]) {
                    return e;
                }
                let at_end = offset >= src.len();
                let found = if at_end {
                    "end of file".to_string()
                } else {
                    describe(&src[offset..])
                };
                return SyntaxError {
                    offset: before.len(),
                    message: format!("expected ';' before {found}"),
                };
            }
            let found = if offset >= src.len() {
                "end of file".to_string()
            } else {
                describe(&src[offset..])
            };
            match uniq.len() {
                0 => format!("unexpected {found}"),
                1 => format!("expected {}, found {found}", uniq[0]),
                _ => {
                    let last = uniq.pop().unwrap_or_default();
                    format!("expected {} or {last}, found {found}", uniq.join(", "))
                }
            }
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    SyntaxError { offset, message }
}

/// `float4 v;` reads as an expression `float4` missing its ';'. When an
/// identifier that starts a declaration or statement is directly followed
/// by another identifier or a '*', the first one is an unknown type: say
/// that, at it, as C compilers do.
fn unknown_type_name(before: &str, rest: &str) -> Option<SyntaxError> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let word_len = before.chars().rev().take_while(|&c| is_ident(c)).count();
    let word = &before[before.len() - word_len..];
    if word.is_empty() || word.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let lead = before[..before.len() - word_len].trim_end();
    let starts_statement = lead.is_empty() || lead.ends_with([';', '{', '}', '(', ',']);
    let next_declares = rest.starts_with(|c: char| is_ident(c) || c == '*');
    (starts_statement && next_declares).then(|| SyntaxError {
        offset: before.len() - word_len,
        message: format!("unknown type name '{word}'"),
    })
}

/// A short quote of the token at the start of `rest`.
fn describe(rest: &str) -> String {
    let tok: String = match rest.chars().next() {
        Some(c) if c.is_alphanumeric() || c == '_' => rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .take(32)
            .collect(),
        Some(c) if c.is_control() && c != '\n' && c != '\t' => {
            return format!("invalid character U+{:04X}", c as u32);
        }
        Some(c) => c.to_string(),
        None => return "end of file".into(),
    };
    format!("'{tok}'")
}

/// Parses a preprocessed translation unit.
pub fn parse_file(src: &str) -> PResult<Vec<Item>> {
    let mut pairs = CudaParser::parse(Rule::file, src).map_err(|e| syntax_error(src, e))?;
    let file = pairs.next().ok_or(SyntaxError {
        offset: 0,
        message: "empty parse".into(),
    })?;
    let mut items = Vec::new();
    for p in file.into_inner() {
        top_item(p, &mut items)?;
    }
    Ok(items)
}

fn top_item(p: Pair<'_, Rule>, items: &mut Vec<Item>) -> PResult<()> {
    match p.as_rule() {
        Rule::extern_c => {
            for q in p.into_inner() {
                if q.as_rule() != Rule::string_lit {
                    top_item(q, items)?;
                }
            }
        }
        Rule::function_def | Rule::function_decl => items.push(Item::Func(function(p)?)),
        Rule::global_decl => items.push(Item::Global(decl(p)?)),
        _ => {}
    }
    Ok(())
}

fn specs(p: Pair<'_, Rule>) -> Specs {
    let mut s = Specs {
        span: span(&p),
        ..Specs::default()
    };
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::type_word => s.words.push((q.as_str().to_string(), span(&q))),
            Rule::storage => s.storage.push((q.as_str().to_string(), span(&q))),
            Rule::type_qual => {
                let t = q.as_str();
                if t.starts_with("const") {
                    s.is_const = true;
                } else if t == "volatile" {
                    s.is_volatile = true;
                }
            }
            _ => {}
        }
    }
    s
}

fn function(p: Pair<'_, Rule>) -> PResult<FuncDef> {
    let sp = span(&p);
    let mut specs_v = Specs::default();
    let mut ret_ptrs = 0;
    let mut name = String::new();
    let mut name_span = Span::default();
    let mut params = Vec::new();
    let mut body = None;
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::decl_specs => specs_v = specs(q),
            Rule::ptr_op => ret_ptrs += 1,
            Rule::ident => {
                name = q.as_str().to_string();
                name_span = span(&q);
            }
            Rule::params => {
                for r in q.into_inner() {
                    if r.as_rule() == Rule::param {
                        params.push(param(r)?);
                    }
                }
            }
            Rule::block => body = Some(block(q)?),
            _ => {}
        }
    }
    Ok(FuncDef {
        specs: specs_v,
        ret_ptrs,
        name,
        name_span,
        params,
        body,
        span: sp,
    })
}

fn param(p: Pair<'_, Rule>) -> PResult<Param> {
    let sp = span(&p);
    let mut out = Param {
        specs: Specs::default(),
        ptrs: 0,
        restrict: false,
        name: None,
        dims: Vec::new(),
        span: sp,
    };
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::decl_specs => out.specs = specs(q),
            Rule::ptr_op => {
                out.ptrs += 1;
                // Only the last `*` (the one next to the name) qualifies the
                // parameter itself; an earlier restrict is overwritten here.
                out.restrict = q.into_inner().any(|t| {
                    t.into_inner()
                        .next()
                        .is_some_and(|k| k.as_rule() == Rule::kw_restrict)
                });
            }
            Rule::ident => out.name = Some((q.as_str().to_string(), span(&q))),
            Rule::array_dim => out.dims.push(array_dim(q)?),
            _ => {}
        }
    }
    // `float *__restrict__ a[]` is a pointer to restrict pointers: the
    // parameter (the decayed array) is not itself restrict.
    if !out.dims.is_empty() {
        out.restrict = false;
    }
    Ok(out)
}

fn array_dim(p: Pair<'_, Rule>) -> PResult<Option<Expr>> {
    match p.into_inner().next() {
        Some(e) => Ok(Some(expr(e)?)),
        None => Ok(None),
    }
}

fn decl(p: Pair<'_, Rule>) -> PResult<Decl> {
    let sp = span(&p);
    let mut d = Decl {
        specs: Specs::default(),
        declarators: Vec::new(),
        span: sp,
    };
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::decl_specs => d.specs = specs(q),
            Rule::init_declarator => d.declarators.push(declarator(q)?),
            _ => {}
        }
    }
    Ok(d)
}

fn declarator(p: Pair<'_, Rule>) -> PResult<Declarator> {
    let mut d = Declarator {
        ptrs: 0,
        name: String::new(),
        name_span: span(&p),
        dims: Vec::new(),
        init: None,
        ctor: None,
        fn_ptr: None,
    };
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::fn_ptr_declarator => d.fn_ptr = Some(span(&q)),
            Rule::ptr_op => d.ptrs += 1,
            Rule::ident => {
                d.name = q.as_str().to_string();
                d.name_span = span(&q);
            }
            Rule::array_dim => d.dims.push(array_dim(q)?),
            Rule::initializer => d.init = Some(initializer(q)?),
            Rule::ctor_args => {
                let s = span(&q);
                let a = q
                    .into_inner()
                    .next()
                    .map(args)
                    .transpose()?
                    .unwrap_or_default();
                d.ctor = Some((a, s));
            }
            _ => {}
        }
    }
    Ok(d)
}

fn initializer(p: Pair<'_, Rule>) -> PResult<Init> {
    let sp = span(&p);
    let Some(q) = p.into_inner().next() else {
        return err(sp, "expected initializer");
    };
    match q.as_rule() {
        Rule::init_list => {
            let s = span(&q);
            let items = q
                .into_inner()
                .map(initializer)
                .collect::<PResult<Vec<_>>>()?;
            Ok(Init::List(items, s))
        }
        _ => Ok(Init::Expr(expr(q)?)),
    }
}

fn block(p: Pair<'_, Rule>) -> PResult<Vec<Stmt>> {
    p.into_inner().map(stmt).collect()
}

fn opt_expr(p: Pair<'_, Rule>) -> PResult<Option<Expr>> {
    p.into_inner().next().map(expr).transpose()
}

fn stmt(p: Pair<'_, Rule>) -> PResult<Stmt> {
    let sp = span(&p);
    let rule = p.as_rule();
    let mut inner = p.into_inner();
    let mut next = |what: &str| {
        inner.next().ok_or(SyntaxError {
            offset: sp.start as usize,
            message: format!("expected {what}"),
        })
    };
    Ok(match rule {
        Rule::block => Stmt::Block(
            {
                let mut v = Vec::new();
                while let Ok(q) = next("statement") {
                    v.push(stmt(q)?);
                }
                v
            },
            sp,
        ),
        Rule::if_stmt => {
            next("if")?;
            let cond = expr(next("condition")?)?;
            let then = Box::new(stmt(next("statement")?)?);
            let els = match next("else") {
                Ok(_) => Some(Box::new(stmt(next("statement")?)?)),
                Err(_) => None,
            };
            Stmt::If {
                cond,
                then,
                els,
                span: sp,
            }
        }
        Rule::for_stmt => {
            next("for")?;
            let init_p = next("initializer")?;
            let init = match init_p.into_inner().next() {
                Some(s) => match s.as_rule() {
                    Rule::empty_stmt => None,
                    _ => Some(Box::new(stmt(s)?)),
                },
                None => None,
            };
            let cond = opt_expr(next("condition")?)?;
            let step = opt_expr(next("step")?)?;
            let body = Box::new(stmt(next("statement")?)?);
            Stmt::For {
                init,
                cond,
                step,
                body,
                span: sp,
            }
        }
        Rule::while_stmt => {
            next("while")?;
            let cond = expr(next("condition")?)?;
            let body = Box::new(stmt(next("statement")?)?);
            Stmt::While {
                cond,
                body,
                span: sp,
            }
        }
        Rule::do_stmt => {
            next("do")?;
            let body = Box::new(stmt(next("statement")?)?);
            next("while")?;
            let cond = expr(next("condition")?)?;
            Stmt::DoWhile {
                body,
                cond,
                span: sp,
            }
        }
        Rule::break_stmt => Stmt::Break(sp),
        Rule::continue_stmt => Stmt::Continue(sp),
        Rule::return_stmt => {
            next("return")?;
            let e = match next("value") {
                Ok(q) => Some(expr(q)?),
                Err(_) => None,
            };
            Stmt::Return(e, sp)
        }
        Rule::launch_stmt => {
            let k = next("kernel")?;
            let cfg = next("launch configuration")?;
            let a = next("arguments")?;
            Stmt::Launch {
                kernel: k.as_str().to_string(),
                kernel_span: span(&k),
                config: cfg.into_inner().map(expr).collect::<PResult<_>>()?,
                args: args(a)?,
                span: sp,
            }
        }
        Rule::decl_stmt => {
            // Rebuild the pair list: `decl` wants the whole pair.
            return decl_from_parts(sp, inner);
        }
        Rule::expr_stmt => Stmt::Expr(expr(next("expression")?)?),
        Rule::empty_stmt => Stmt::Empty,
        _ => return err(sp, "expected statement"),
    })
}

fn decl_from_parts(sp: Span, inner: Pairs<'_, Rule>) -> PResult<Stmt> {
    let mut d = Decl {
        specs: Specs::default(),
        declarators: Vec::new(),
        span: sp,
    };
    for q in inner {
        match q.as_rule() {
            Rule::decl_specs => d.specs = specs(q),
            Rule::init_declarator => d.declarators.push(declarator(q)?),
            _ => {}
        }
    }
    Ok(Stmt::Decl(d))
}

fn args(p: Pair<'_, Rule>) -> PResult<Vec<Expr>> {
    p.into_inner().map(expr).collect()
}

fn type_name(p: Pair<'_, Rule>) -> TypeName {
    let sp = span(&p);
    let mut t = TypeName {
        specs: Specs {
            span: sp,
            ..Specs::default()
        },
        ptrs: 0,
        span: sp,
    };
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::type_word => t.specs.words.push((q.as_str().to_string(), span(&q))),
            Rule::type_qual if q.as_str().starts_with("const") => t.specs.is_const = true,
            Rule::ptr_op => t.ptrs += 1,
            _ => {}
        }
    }
    t
}

fn mk(kind: ExprKind, span: Span, pos: u32) -> Expr {
    Expr { kind, span, pos }
}

/// Any expression rule (`expr`, `assign_expr`, or a bare pair inside them).
pub fn expr(p: Pair<'_, Rule>) -> PResult<Expr> {
    match p.as_rule() {
        Rule::expr => {
            let mut it = p.into_inner();
            let Some(first) = it.next() else {
                return err(Span::default(), "expected expression");
            };
            let mut acc = expr(first)?;
            for q in it {
                let rhs = expr(q)?;
                let s = Span {
                    start: acc.span.start,
                    end: rhs.span.end,
                };
                let pos = rhs.span.start;
                acc = mk(ExprKind::Comma(Box::new(acc), Box::new(rhs)), s, pos);
            }
            Ok(acc)
        }
        Rule::assign_expr => pratt_expr(p.into_inner()),
        _ => primary(p),
    }
}

/// `++e`, `--e` (`pre`), `e++` or `e--`.
fn inc_dec(pre: bool, inc: bool, e: Expr, s: Span, pos: u32) -> Expr {
    mk(
        ExprKind::IncDec {
            pre,
            inc,
            e: Box::new(e),
        },
        s,
        pos,
    )
}

fn pratt_expr(pairs: Pairs<'_, Rule>) -> PResult<Expr> {
    pratt()
        .map_primary(primary)
        .map_prefix(|op, rhs| {
            let rhs = rhs?;
            let s = Span {
                start: span(&op).start,
                end: rhs.span.end,
            };
            let pos = s.start;
            let unary = match op.as_rule() {
                Rule::neg => Some(UnOp::Neg),
                Rule::plus => Some(UnOp::Plus),
                Rule::not => Some(UnOp::Not),
                Rule::bit_not => Some(UnOp::BitNot),
                Rule::deref => Some(UnOp::Deref),
                Rule::addr_of => Some(UnOp::AddrOf),
                _ => None,
            };
            if let Some(u) = unary {
                return Ok(mk(ExprKind::Unary(u, Box::new(rhs)), s, pos));
            }
            match op.as_rule() {
                Rule::pre_inc | Rule::pre_dec => {
                    Ok(inc_dec(true, op.as_rule() == Rule::pre_inc, rhs, s, pos))
                }
                Rule::cast_op => {
                    let Some(t) = op.into_inner().next() else {
                        return err(s, "expected type");
                    };
                    Ok(mk(
                        ExprKind::Cast(Box::new(type_name(t)), Box::new(rhs)),
                        s,
                        pos,
                    ))
                }
                Rule::sizeof_op => Ok(mk(ExprKind::SizeofExpr(Box::new(rhs)), s, pos)),
                _ => err(s, "unexpected prefix operator"),
            }
        })
        .map_postfix(|lhs, op| {
            let lhs = lhs?;
            let s = Span {
                start: lhs.span.start,
                end: span(&op).end,
            };
            let opos = span(&op).start;
            match op.as_rule() {
                Rule::post_inc | Rule::post_dec => {
                    Ok(inc_dec(false, op.as_rule() == Rule::post_inc, lhs, s, opos))
                }
                Rule::index => {
                    let Some(i) = op.into_inner().next() else {
                        return err(s, "expected index");
                    };
                    Ok(mk(
                        ExprKind::Index(Box::new(lhs), Box::new(expr(i)?)),
                        s,
                        opos,
                    ))
                }
                Rule::call => {
                    let a = match op.into_inner().next() {
                        Some(a) => args(a)?,
                        None => Vec::new(),
                    };
                    let pos = lhs.pos;
                    Ok(mk(ExprKind::Call(Box::new(lhs), a), s, pos))
                }
                Rule::member => {
                    let arrow = op.as_str().starts_with("->");
                    let name = op
                        .into_inner()
                        .next()
                        .map(|i| i.as_str().to_string())
                        .unwrap_or_default();
                    Ok(mk(ExprKind::Member(Box::new(lhs), name, arrow), s, opos))
                }
                _ => err(s, "unexpected postfix operator"),
            }
        })
        .map_infix(|lhs, op, rhs| {
            let (lhs, rhs) = (lhs?, rhs?);
            let s = Span {
                start: lhs.span.start,
                end: rhs.span.end,
            };
            let pos = span(&op).start;
            match op.as_rule() {
                Rule::assign_op => {
                    let o = match op.as_str() {
                        "=" => None,
                        "+=" => Some(BinOp::Add),
                        "-=" => Some(BinOp::Sub),
                        "*=" => Some(BinOp::Mul),
                        "/=" => Some(BinOp::Div),
                        "%=" => Some(BinOp::Rem),
                        "<<=" => Some(BinOp::Shl),
                        ">>=" => Some(BinOp::Shr),
                        "&=" => Some(BinOp::BitAnd),
                        "|=" => Some(BinOp::BitOr),
                        _ => Some(BinOp::BitXor),
                    };
                    Ok(mk(
                        ExprKind::Assign(o, Box::new(lhs), Box::new(rhs)),
                        s,
                        pos,
                    ))
                }
                Rule::ternary_op => {
                    let Some(mid) = op.into_inner().next() else {
                        return err(s, "expected expression");
                    };
                    let mid = expr(mid)?;
                    Ok(mk(
                        ExprKind::Cond(Box::new(lhs), Box::new(mid), Box::new(rhs)),
                        s,
                        pos,
                    ))
                }
                Rule::log_or => Ok(mk(
                    ExprKind::Binary(BinOp::LogOr, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::log_and => Ok(mk(
                    ExprKind::Binary(BinOp::LogAnd, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::bit_or_op => Ok(mk(
                    ExprKind::Binary(BinOp::BitOr, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::bit_xor_op => Ok(mk(
                    ExprKind::Binary(BinOp::BitXor, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::bit_and_op => Ok(mk(
                    ExprKind::Binary(BinOp::BitAnd, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::eq_op => Ok(mk(
                    ExprKind::Binary(BinOp::Eq, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::ne_op => Ok(mk(
                    ExprKind::Binary(BinOp::Ne, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::lt_op => Ok(mk(
                    ExprKind::Binary(BinOp::Lt, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::gt_op => Ok(mk(
                    ExprKind::Binary(BinOp::Gt, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::le_op => Ok(mk(
                    ExprKind::Binary(BinOp::Le, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::ge_op => Ok(mk(
                    ExprKind::Binary(BinOp::Ge, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::shl_op => Ok(mk(
                    ExprKind::Binary(BinOp::Shl, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::shr_op => Ok(mk(
                    ExprKind::Binary(BinOp::Shr, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::add_op => Ok(mk(
                    ExprKind::Binary(BinOp::Add, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::sub_op => Ok(mk(
                    ExprKind::Binary(BinOp::Sub, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::mul_op => Ok(mk(
                    ExprKind::Binary(BinOp::Mul, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::div_op => Ok(mk(
                    ExprKind::Binary(BinOp::Div, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                Rule::rem_op => Ok(mk(
                    ExprKind::Binary(BinOp::Rem, Box::new(lhs), Box::new(rhs)),
                    s,
                    pos,
                )),
                _ => err(s, "unexpected operator"),
            }
        })
        .parse(pairs)
}

fn primary(p: Pair<'_, Rule>) -> PResult<Expr> {
    let sp = span(&p);
    let pos = sp.start;
    let text = p.as_str();
    Ok(match p.as_rule() {
        Rule::int_lit => int_literal(text, sp)?,
        Rule::float_lit => float_literal(text, sp)?,
        Rule::char_lit => char_literal(text, sp)?,
        Rule::strings => {
            let mut bytes = Vec::new();
            for s in p.into_inner() {
                bytes.extend(string_bytes(s.as_str(), span(&s))?);
            }
            mk(ExprKind::Str(bytes), sp, pos)
        }
        Rule::kw_true => mk(ExprKind::Bool(true), sp, pos),
        Rule::kw_false => mk(ExprKind::Bool(false), sp, pos),
        Rule::ident => mk(ExprKind::Ident(text.to_string()), sp, pos),
        Rule::paren => {
            let Some(e) = p.into_inner().next() else {
                return err(sp, "expected expression");
            };
            let mut e = expr(e)?;
            e.span = sp;
            e
        }
        Rule::sizeof_type => {
            let Some(t) = p.into_inner().find(|q| q.as_rule() == Rule::type_name) else {
                return err(sp, "expected type");
            };
            mk(ExprKind::SizeofType(Box::new(type_name(t))), sp, pos)
        }
        Rule::dim3_ctor => {
            let a = match p.into_inner().find(|q| q.as_rule() == Rule::args) {
                Some(a) => args(a)?,
                None => Vec::new(),
            };
            mk(ExprKind::Dim3(a), sp, pos)
        }
        Rule::expr | Rule::assign_expr => expr(p)?,
        _ => return err(sp, "expected expression"),
    })
}

/// A `float_lit`'s value; `f`/`F` makes it single precision.
pub(crate) fn float_literal(text: &str, sp: Span) -> PResult<Expr> {
    let single = text.ends_with(['f', 'F']);
    let digits = text.trim_end_matches(['f', 'F', 'l', 'L']);
    let Ok(value) = digits.parse::<f64>() else {
        return err(sp, format!("invalid floating-point literal '{text}'"));
    };
    Ok(mk(ExprKind::Float { value, single }, sp, sp.start))
}

/// A `char_lit` (quotes included).
pub(crate) fn char_literal(text: &str, sp: Span) -> PResult<Expr> {
    let bytes = unescape(&text[1..text.len() - 1], sp)?;
    if bytes.len() != 1 {
        return err(sp, "unsupported: multi-character character literal");
    }
    // `char` is signed: '\xff' is -1.
    Ok(mk(ExprKind::Char(bytes[0] as i8 as i64), sp, sp.start))
}

/// The bytes of one `string_lit` (quotes included).
pub(crate) fn string_bytes(lit: &str, sp: Span) -> PResult<Vec<u8>> {
    unescape(&lit[1..lit.len() - 1], sp)
}

/// C's rules for the type of an integer literal are applied in sema; here
/// the value and the suffix are decoded.
pub(crate) fn int_literal(text: &str, sp: Span) -> PResult<Expr> {
    let lower = text.to_ascii_lowercase();
    let digits_end = lower.trim_end_matches(['u', 'l']).len();
    let suffix = &lower[digits_end..];
    let body = &lower[..digits_end];
    let unsigned = suffix.contains('u');
    let long = suffix.matches('l').count() as u8;
    let (radix, digits, decimal) = if let Some(h) = body.strip_prefix("0x") {
        (16, h, false)
    } else if body.len() > 1 && body.starts_with('0') {
        (8, &body[1..], false)
    } else {
        (10, body, true)
    };
    let value = u128::from_str_radix(digits, radix)
        .ok()
        .filter(|v| *v <= u64::MAX as u128);
    let Some(value) = value else {
        return err(sp, format!("integer literal '{text}' is too large"));
    };
    Ok(mk(
        ExprKind::Int {
            value,
            unsigned,
            long,
            decimal,
        },
        sp,
        sp.start,
    ))
}

fn unescape(body: &str, sp: Span) -> PResult<Vec<u8>> {
    let b = body.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        i += 1;
        let Some(&c) = b.get(i) else {
            return err(sp, "incomplete escape sequence");
        };
        i += 1;
        let v = match c {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'0'..=b'7' => {
                let mut v = (c - b'0') as u32;
                let mut n = 1;
                while n < 3 && i < b.len() && (b'0'..=b'7').contains(&b[i]) {
                    v = v * 8 + (b[i] - b'0') as u32;
                    i += 1;
                    n += 1;
                }
                if v > 255 {
                    return err(sp, "octal escape sequence out of range");
                }
                v as u8
            }
            b'x' => {
                let start = i;
                while i < b.len() && b[i].is_ascii_hexdigit() {
                    i += 1;
                }
                let Ok(v) = u32::from_str_radix(&body[start..i], 16) else {
                    return err(sp, "\\x used with no following hex digits");
                };
                if v > 255 {
                    return err(sp, "hex escape sequence out of range");
                }
                v as u8
            }
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'\\' | b'\'' | b'"' | b'?' => c,
            other => {
                return err(sp, format!("unknown escape sequence '\\{}'", other as char));
            }
        };
        out.push(v);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(src: &str) -> Expr {
        let mut p = CudaParser::parse(Rule::expr, src).unwrap();
        expr(p.next().unwrap()).unwrap()
    }

    fn show(x: &Expr) -> String {
        match &x.kind {
            ExprKind::Int { value, .. } => value.to_string(),
            ExprKind::Ident(n) => n.clone(),
            ExprKind::Binary(op, a, b) => format!("({} {} {})", show(a), op.spelling(), show(b)),
            ExprKind::Assign(op, a, b) => format!(
                "({} {}= {})",
                show(a),
                op.map_or("", BinOp::spelling),
                show(b)
            ),
            ExprKind::Cond(a, b, c) => format!("({} ? {} : {})", show(a), show(b), show(c)),
            ExprKind::Unary(u, a) => format!("({u:?} {})", show(a)),
            ExprKind::Cast(_, a) => format!("(cast {})", show(a)),
            ExprKind::Index(a, i) => format!("{}[{}]", show(a), show(i)),
            ExprKind::Comma(a, b) => format!("({}, {})", show(a), show(b)),
            ExprKind::IncDec { pre, inc, e } => format!("({pre}{inc} {})", show(e)),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn precedence_and_associativity() {
        assert_eq!(show(&e("a + b * c")), "(a + (b * c))");
        assert_eq!(show(&e("a - b - c")), "((a - b) - c)");
        assert_eq!(show(&e("a = b = c")), "(a = (b = c))");
        assert_eq!(show(&e("a << 1 + 2")), "(a << (1 + 2))");
        assert_eq!(show(&e("a & b == c")), "(a & (b == c))");
        assert_eq!(show(&e("a || b && c")), "(a || (b && c))");
        assert_eq!(show(&e("c ? x : y ? z : w")), "(c ? x : (y ? z : w))");
        assert_eq!(show(&e("x += y * 2")), "(x += (y * 2))");
        assert_eq!(show(&e("-a[i]")), "(Neg a[i])");
        assert_eq!(show(&e("(float)a / b")), "((cast a) / b)");
        assert_eq!(show(&e("a < b >> 2")), "(a < (b >> 2))");
        assert_eq!(show(&e("a, b = 1")), "(a, (b = 1))");
        assert_eq!(show(&e("*p++")), "(Deref (falsetrue p))");
    }

    #[test]
    fn literals() {
        match e("0x10ull").kind {
            ExprKind::Int {
                value,
                unsigned,
                long,
                decimal,
            } => assert_eq!((value, unsigned, long, decimal), (16, true, 2, false)),
            k => panic!("{k:?}"),
        }
        match e("017").kind {
            ExprKind::Int { value, .. } => assert_eq!(value, 15),
            k => panic!("{k:?}"),
        }
        match e("1.5e3f").kind {
            ExprKind::Float { value, single } => assert_eq!((value, single), (1500.0, true)),
            k => panic!("{k:?}"),
        }
        match e("'\\n'").kind {
            ExprKind::Char(c) => assert_eq!(c, 10),
            k => panic!("{k:?}"),
        }
        match e("\"a\\tb\" \"c\"").kind {
            ExprKind::Str(s) => assert_eq!(s, b"a\tbc"),
            k => panic!("{k:?}"),
        }
    }

    #[test]
    fn syntax_errors_are_located_in_our_words() {
        let src = "int main() {\n  int x = 1\n  return x;\n}\n";
        let e = parse_file(src).unwrap_err();
        assert_eq!(e.offset, src.find('1').unwrap() + 1);
        assert!(e.message.starts_with("expected ';'"), "{}", e.message);
        let src = "__global__ void k() {\n  float4 v;\n}\n";
        let e = parse_file(src).unwrap_err();
        assert_eq!(e.offset, src.find("float4").unwrap());
        assert_eq!(e.message, "unknown type name 'float4'");
        let e = parse_file("int main() {").unwrap_err();
        assert!(e.message.contains("end of file"), "{}", e.message);
    }

    #[test]
    fn restrict_marks_only_the_parameter_pointer() {
        let src = "void f(float *__restrict__ a, const int *__restrict b, int *restrict c, \
                   int **__restrict__ d, int *__restrict__ *e, __restrict__ int *f, \
                   int *__restrict__ g[], int *h, int i);";
        let items = parse_file(src).unwrap();
        let Some(Item::Func(fd)) = items.first() else {
            panic!("{items:?}")
        };
        let marked: Vec<bool> = fd.params.iter().map(|p| p.restrict).collect();
        assert_eq!(
            marked,
            [true, true, true, true, false, false, false, false, false]
        );
    }
}
