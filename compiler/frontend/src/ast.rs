//! The syntax tree of a translation unit, as the grammar gives it.
//!
//! Invariants: every node carries byte spans into the *preprocessed* text
//! (see [`crate::preprocess::OffsetMap`] for the way back to the source);
//! nothing here is resolved or typed yet: names are strings and type
//! specifiers are the words the user wrote.

/// A byte range of the preprocessed text.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

/// Type specifier words, qualifiers and storage classes as written.
#[derive(Clone, Debug, Default)]
pub struct Specs {
    /// `int`, `unsigned`, `long`, `float`, `dim3`, ... with their spans.
    pub words: Vec<(String, Span)>,
    /// `static`, `extern`, `__global__`, `__shared__`, ...
    pub storage: Vec<(String, Span)>,
    pub is_const: bool,
    pub is_volatile: bool,
    pub span: Span,
}

impl Specs {
    pub fn has(&self, s: &str) -> bool {
        self.storage.iter().any(|(w, _)| w == s)
    }
    pub fn storage_span(&self, s: &str) -> Option<Span> {
        self.storage.iter().find(|(w, _)| w == s).map(|x| x.1)
    }
}

/// A type in a cast or `sizeof`.
#[derive(Clone, Debug)]
pub struct TypeName {
    pub specs: Specs,
    /// One entry per `*`.
    pub ptrs: usize,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Init {
    Expr(Expr),
    List(Vec<Init>, Span),
}

#[derive(Clone, Debug)]
pub struct Declarator {
    pub ptrs: usize,
    pub name: String,
    pub name_span: Span,
    /// `[N]` dimensions, outermost first; `None` for `[]`.
    pub dims: Vec<Option<Expr>>,
    pub init: Option<Init>,
    /// `dim3 g(a, b)`.
    pub ctor: Option<(Vec<Expr>, Span)>,
    /// A function-pointer declarator (rejected by the front end).
    pub fn_ptr: Option<Span>,
}

#[derive(Clone, Debug)]
pub struct Decl {
    pub specs: Specs,
    pub declarators: Vec<Declarator>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub specs: Specs,
    pub ptrs: usize,
    /// The parameter itself is a restrict-qualified pointer: its outermost
    /// `*` carries `__restrict__` (`float *__restrict__ p`). A qualifier on
    /// an inner `*` or on the pointee does not make the parameter restrict.
    pub restrict: bool,
    pub name: Option<(String, Span)>,
    pub dims: Vec<Option<Expr>>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct FuncDef {
    pub specs: Specs,
    pub ret_ptrs: usize,
    pub name: String,
    pub name_span: Span,
    pub params: Vec<Param>,
    pub body: Option<Vec<Stmt>>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Item {
    Func(FuncDef),
    Global(Decl),
}

#[derive(Clone, Debug)]
pub enum Stmt {
    Block(Vec<Stmt>, Span),
    If {
        cond: Expr,
        then: Box<Stmt>,
        els: Option<Box<Stmt>>,
        span: Span,
    },
    For {
        init: Option<Box<Stmt>>,
        cond: Option<Expr>,
        step: Option<Expr>,
        body: Box<Stmt>,
        span: Span,
    },
    While {
        cond: Expr,
        body: Box<Stmt>,
        span: Span,
    },
    DoWhile {
        body: Box<Stmt>,
        cond: Expr,
        span: Span,
    },
    Break(Span),
    Continue(Span),
    Return(Option<Expr>, Span),
    Decl(Decl),
    Expr(Expr),
    Launch {
        kernel: String,
        kernel_span: Span,
        config: Vec<Expr>,
        args: Vec<Expr>,
        span: Span,
    },
    Empty,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitOr,
    BitXor,
    LogAnd,
    LogOr,
}

impl BinOp {
    pub fn spelling(self) -> &'static str {
        use BinOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Rem => "%",
            Shl => "<<",
            Shr => ">>",
            Lt => "<",
            Gt => ">",
            Le => "<=",
            Ge => ">=",
            Eq => "==",
            Ne => "!=",
            BitAnd => "&",
            BitOr => "|",
            BitXor => "^",
            LogAnd => "&&",
            LogOr => "||",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Plus,
    Not,
    BitNot,
    Deref,
    AddrOf,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    /// The whole expression.
    pub span: Span,
    /// Where the expression "is": the operator of a binary or assignment
    /// expression, the start otherwise (clang's expression location).
    pub pos: u32,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Int {
        value: u128,
        unsigned: bool,
        /// 0, 1 (`l`) or 2 (`ll`).
        long: u8,
        decimal: bool,
    },
    Float {
        value: f64,
        single: bool,
    },
    Char(i64),
    Str(Vec<u8>),
    Bool(bool),
    Ident(String),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `a = b`, or `a op= b` with `Some(op)`.
    Assign(Option<BinOp>, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    Comma(Box<Expr>, Box<Expr>),
    // Boxed: a type name is the largest payload, and every node pays for
    // the largest variant.
    Cast(Box<TypeName>, Box<Expr>),
    SizeofType(Box<TypeName>),
    SizeofExpr(Box<Expr>),
    Index(Box<Expr>, Box<Expr>),
    Call(Box<Expr>, Vec<Expr>),
    /// `e.name` (`arrow` for `e->name`).
    Member(Box<Expr>, String, bool),
    IncDec {
        pre: bool,
        inc: bool,
        e: Box<Expr>,
    },
    Dim3(Vec<Expr>),
}

impl Expr {
    /// Whether evaluating the expression can have an effect (conservative).
    pub fn has_side_effects(&self) -> bool {
        use ExprKind::*;
        match &self.kind {
            Int { .. } | Float { .. } | Char(_) | Str(_) | Bool(_) | Ident(_) | SizeofType(_) => {
                false
            }
            SizeofExpr(_) => false,
            Unary(_, e) | Cast(_, e) | Member(e, _, _) => e.has_side_effects(),
            Binary(_, a, b) | Index(a, b) | Comma(a, b) => {
                a.has_side_effects() || b.has_side_effects()
            }
            Cond(a, b, c) => a.has_side_effects() || b.has_side_effects() || c.has_side_effects(),
            Dim3(v) => v.iter().any(Expr::has_side_effects),
            Assign(..) | Call(..) | IncDec { .. } => true,
        }
    }
}
