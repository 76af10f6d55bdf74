//! Recursive-descent parser for MLIR's textual form, generic and custom.
//!
//! Invariants:
//! - Parsing stops at the first error, which is returned as a located
//!   [`Diagnostic`]; IR built so far stays in the context but is unreachable
//!   from the result. The parser never panics on any input.
//! - Nesting (regions, attribute and type brackets) is bounded by
//!   [`MAX_NESTING`], so hostile input cannot overflow the stack.
//! - SSA names follow MLIR's scoping: a region sees the names of enclosing
//!   regions unless its op is isolated from above; names defined in a region
//!   end with it; uses may precede definitions within an isolated scope
//!   (forward references), resolved when the definition is parsed.
//! - Custom formats get the parser as an [`OpAsmParser`] and fill an
//!   [`OperationState`]; the op is created by the caller, which then binds
//!   the result names.

use crate::attrs::{AttrData, AttrId};
use crate::context::{Context, InsertPoint};
use crate::diag::Diagnostic;
use crate::ir::{BlockId, OpId, RegionId, ValueId};
use crate::lexer::{Lexer, Tok, Token, unescape};
use crate::location::{LocData, LocId};
use crate::opdef::Traits;
use crate::state::OperationState;
use crate::types::{Dim, FloatKind, Signedness, TypeData, TypeId};
use crate::uniquer::Sym;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

pub type PResult<T> = Result<T, Diagnostic>;

/// Deepest nesting of regions and brackets accepted.
pub const MAX_NESTING: u32 = 256;

/// An operand name seen but not yet given a type: `%name` or `%name#3`.
#[derive(Copy, Clone, Debug)]
pub struct UnresolvedOperand<'src> {
    pub name: &'src str,
    pub number: u32,
    pub offset: usize,
}

/// A block or region argument as written: `%name: type {attrs} loc(...)`.
#[derive(Clone, Debug)]
pub struct Argument<'src> {
    pub name: UnresolvedOperand<'src>,
    pub ty: TypeId,
    pub attrs: Option<AttrId>,
    pub loc: Option<LocId>,
}

/// A name's values, with the offset of the name's definition.
type ValueEntry = (SmallVec<[ValueId; 1]>, usize);

/// Names of the form `%N` kept in a vector (`N` below this bound, decimal,
/// without leading zeros): the printer's default names, by far the most
/// common, then need no hashing.
const MAX_NUMBERED: usize = 1 << 16;

/// The number `N` of a name `%N` kept by position in [`ScopeValues`].
fn name_number(name: &str) -> Option<usize> {
    let digits = name.strip_prefix('%')?.as_bytes();
    if digits.is_empty() || digits.len() > 5 || (digits[0] == b'0' && digits.len() > 1) {
        return None;
    }
    let mut n = 0usize;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        n = n * 10 + (d - b'0') as usize;
    }
    (n < MAX_NUMBERED).then_some(n)
}

/// The values of a region scope by name: `%N` names by number, others in a
/// map. Each name has exactly one place, so the split is invisible.
#[derive(Default)]
struct ScopeValues<'src> {
    numbered: Vec<Option<ValueEntry>>,
    named: FxHashMap<&'src str, ValueEntry>,
}

impl<'src> ScopeValues<'src> {
    fn get(&self, name: &str) -> Option<&ValueEntry> {
        match name_number(name) {
            Some(n) => self.numbered.get(n)?.as_ref(),
            None => self.named.get(name),
        }
    }

    /// Defines `name` unless it is defined: then returns the offset of the
    /// existing definition and changes nothing.
    fn define(&mut self, name: &'src str, entry: ValueEntry) -> Result<(), usize> {
        match name_number(name) {
            Some(n) => {
                // Names are mostly defined in increasing order: one push.
                while self.numbered.len() <= n {
                    self.numbered.push(None);
                }
                match &self.numbered[n] {
                    Some((_, prev)) => Err(*prev),
                    None => {
                        self.numbered[n] = Some(entry);
                        Ok(())
                    }
                }
            }
            None => match self.named.entry(name) {
                std::collections::hash_map::Entry::Occupied(e) => Err(e.get().1),
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(entry);
                    Ok(())
                }
            },
        }
    }

    fn clear(&mut self) {
        self.numbered.clear();
        self.named.clear();
    }
}

#[derive(Default)]
struct RegionScope<'src> {
    values: ScopeValues<'src>,
    blocks: FxHashMap<&'src str, (BlockId, bool, usize)>,
    /// This region's op is isolated from above: name lookup stops here.
    isolated: bool,
}

/// Placeholders for values used before their definition, per isolated scope.
#[derive(Default)]
struct ForwardRefs<'src> {
    refs: FxHashMap<(&'src str, u32), (ValueId, usize)>,
}

pub struct OpAsmParser<'c, 'src> {
    ctx: &'c mut Context,
    lex: Lexer<'src>,
    tok: Token<'src>,
    file: Sym,
    first_line: u32,
    /// Bytes of the original first line that precede the text (a chunk
    /// split off mid-line): added to columns on the first line only.
    first_col: u32,
    /// Incremental offset → line/col cache (ops are parsed in order).
    line_cache: (usize, u32, usize),
    scopes: Vec<RegionScope<'src>>,
    /// Closed scopes, emptied, kept for their allocations.
    scope_pool: Vec<RegionScope<'src>>,
    /// An empty attribute vector whose allocation the next op reuses.
    attrs_buf: Vec<(Sym, AttrId)>,
    forward: Vec<ForwardRefs<'src>>,
    fwd_block: BlockId,
    depth: u32,
    default_dialects: Vec<Option<&'static str>>,
    /// Op names resolved so far, keyed by their source spelling.
    op_names: FxHashMap<&'src str, crate::ir::OpName>,
    /// Custom ops resolved so far, keyed by their dotted source spelling.
    custom_ops: FxHashMap<
        &'src str,
        (
            crate::ir::OpName,
            &'static crate::opdef::OpDef,
            crate::opdef::AsmFormat,
        ),
    >,
    attr_aliases: FxHashMap<&'src str, AttrId>,
    type_aliases: FxHashMap<&'src str, TypeId>,
    loc_aliases: FxHashMap<&'src str, LocId>,
    /// `loc(#alias)` uses whose alias was not yet defined: (target, alias, offset).
    deferred_locs: Vec<(LocTarget, &'src str, usize)>,
    /// Arguments `%a: t loc(#alias)` whose alias was not yet defined, until
    /// their value exists: (argument name offset, alias, alias offset).
    pending_arg_locs: Vec<(usize, &'src str, usize)>,
    /// The custom op whose format is being parsed (innermost), for
    /// [`OpAsmParser::op_error_at`].
    custom_op: Option<&'static str>,
}

#[derive(Copy, Clone, Debug)]
enum LocTarget {
    Op(OpId),
    Value(ValueId),
}

/// Parses a whole buffer into a `builtin.module`. A buffer that is not a
/// single module is wrapped in an implicit one, as mlir-opt does.
pub fn parse_source(ctx: &mut Context, file: &str, text: &str, first_line: u32) -> PResult<OpId> {
    parse_source_at(ctx, file, text, first_line, 0)
}

/// [`parse_source`] for text cut out of a larger buffer at line
/// `first_line`, after `first_col` bytes of that line: locations on the
/// first line get `first_col` added to their columns, so they point into
/// the original buffer without the text having to be padded.
pub fn parse_source_at(
    ctx: &mut Context,
    file: &str,
    text: &str,
    first_line: u32,
    first_col: u32,
) -> PResult<OpId> {
    // Typical IR spends 30 to 60 bytes per op: room for the ops of a dense
    // buffer (memory reserved but never filled is never touched).
    ctx.reserve(text.len() / 32);
    let mut p = OpAsmParser::new(ctx, file, text, first_line);
    p.first_col = first_col;
    let r = p.parse_top_level();
    p.cleanup();
    r
}

impl<'c, 'src> OpAsmParser<'c, 'src> {
    fn new(ctx: &'c mut Context, file: &str, text: &'src str, first_line: u32) -> Self {
        let file = ctx.sym(file);
        let fwd_block = ctx.create_block();
        let mut lex = Lexer::new(text);
        let tok = lex.next_token();
        OpAsmParser {
            ctx,
            lex,
            tok,
            file,
            first_line,
            first_col: 0,
            line_cache: (0, first_line, 0),
            scopes: Vec::new(),
            scope_pool: Vec::new(),
            attrs_buf: Vec::new(),
            forward: Vec::new(),
            fwd_block,
            depth: 0,
            default_dialects: Vec::new(),
            op_names: FxHashMap::default(),
            custom_ops: FxHashMap::default(),
            attr_aliases: FxHashMap::default(),
            type_aliases: FxHashMap::default(),
            loc_aliases: FxHashMap::default(),
            deferred_locs: Vec::new(),
            pending_arg_locs: Vec::new(),
            custom_op: None,
        }
    }

    fn cleanup(&mut self) {
        // Placeholders left by an error: drop their uses so the block can go.
        let args: Vec<ValueId> = self.ctx.block_args(self.fwd_block).to_vec();
        for a in args {
            let uses: Vec<_> = self.ctx.uses(a).to_vec();
            for u in uses {
                self.ctx.ops[u.op].operands[u.index as usize] = a;
            }
            self.ctx.values[a].uses.clear();
        }
        self.ctx.destroy_block(self.fwd_block);
    }

    // ----- tokens and errors -----

    pub fn ctx(&self) -> &Context {
        self.ctx
    }

    /// Mutable access for custom parsers that build nested IR (e.g. implicit
    /// terminators), through the public rewriter API.
    pub fn rewriter(&mut self) -> crate::rewrite::Rewriter<'_> {
        crate::rewrite::Rewriter::new(self.ctx)
    }

    #[inline]
    fn bump(&mut self) -> Token<'src> {
        let t = self.tok;
        self.tok = self.lex.next_token();
        t
    }

    pub fn token_kind(&self) -> Tok {
        self.tok.kind
    }

    pub fn token_text(&self) -> &'src str {
        self.tok.text
    }

    /// Byte offset of the current token.
    pub fn offset(&self) -> usize {
        self.tok.offset
    }

    fn line_col(&mut self, offset: usize) -> (u32, u32) {
        let (mut at, mut line, mut line_start) = self.line_cache;
        let b = self.lex.src().as_bytes();
        if offset < at {
            (at, line, line_start) = (0, self.first_line, 0);
        }
        let end = offset.min(b.len());
        let span = &b[at..end];
        if let (n, Some(last)) = crate::lexer::newlines(span) {
            line += n as u32;
            line_start = at + last + 1;
        }
        at = end;
        self.line_cache = (at, line, line_start);
        // Only the first line starts at offset 0 (any later one starts
        // past a newline).
        let shift = if line_start == 0 { self.first_col } else { 0 };
        (line, (offset - line_start) as u32 + 1 + shift)
    }

    /// A file:line:col location for a byte offset.
    pub fn loc_at(&mut self, offset: usize) -> LocId {
        let (line, col) = self.line_col(offset);
        self.ctx.add_loc(LocData::FileLineCol {
            file: self.file,
            line,
            col,
        })
    }

    /// Location of the current token.
    pub fn loc(&mut self) -> LocId {
        self.loc_at(self.tok.offset)
    }

    /// An error at `offset`. While the current token is malformed, the
    /// error is the lexer's instead, as in MLIR (whose lexer reports it).
    pub fn error_at(&mut self, offset: usize, msg: impl Into<String>) -> Diagnostic {
        if self.tok.kind == Tok::Error {
            let (offset, msg) = crate::lexer::lex_error(self.lex.src(), &self.tok);
            let loc = self.loc_at(offset);
            return Diagnostic::error(loc, msg);
        }
        let loc = self.loc_at(offset);
        Diagnostic::error(loc, msg)
    }

    pub fn error(&mut self, msg: impl Into<String>) -> Diagnostic {
        self.error_at(self.tok.offset, msg)
    }

    /// An error from a custom op's parser, prefixed as MLIR prefixes the
    /// errors a custom parser emits: `custom op 'NAME' msg`.
    pub fn op_error_at(&mut self, offset: usize, msg: impl std::fmt::Display) -> Diagnostic {
        match self.custom_op {
            Some(name) => self.error_at(offset, format!("custom op '{name}' {msg}")),
            None => self.error_at(offset, msg.to_string()),
        }
    }

    /// An "expected ..." error about the current token, located as MLIR's
    /// `emitWrongTokenError` does: a token that starts a line moves the
    /// error to the end of the previous line's code (before a `//` comment).
    pub fn err_expected<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        let off = self.wrong_token_offset();
        Err(self.error_at(off, msg))
    }

    fn wrong_token_offset(&self) -> usize {
        let b = self.lex.src().as_bytes();
        let mut at = self.tok.offset.min(b.len());
        if self.tok.kind == Tok::Eof {
            at = at.saturating_sub(1);
        }
        let original = at;
        let mut end = at;
        loop {
            while end > 0 && matches!(b[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == 0 {
                return original;
            }
            if !matches!(b[end - 1], b'\n' | b'\r') {
                return if end == original { original } else { end };
            }
            end -= 1;
            // A `//` on the previous line starts a comment: end before it.
            let line_start = b[..end]
                .iter()
                .rposition(|&c| c == b'\n' || c == b'\r')
                .map_or(0, |i| i + 1);
            if let Some(c) = b[line_start..end].windows(2).position(|w| w == b"//") {
                end = line_start + c;
            }
        }
    }

    fn err<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        Err(self.error(msg))
    }

    fn describe(&self) -> String {
        match self.tok.kind {
            Tok::Eof => "end of file".into(),
            Tok::Error => format!("invalid token '{}'", self.tok.text),
            _ => format!("'{}'", self.tok.text),
        }
    }

    pub fn expect(&mut self, kind: Tok, what: &str) -> PResult<()> {
        if self.tok.kind == kind {
            self.bump();
            Ok(())
        } else {
            let d = self.describe();
            self.err_expected(format!("expected '{what}', found {d}"))
        }
    }

    pub fn optional(&mut self, kind: Tok) -> bool {
        if self.tok.kind == kind {
            self.bump();
            true
        } else {
            false
        }
    }

    pub fn is(&self, kind: Tok) -> bool {
        self.tok.kind == kind
    }

    pub fn parse_comma(&mut self) -> PResult<()> {
        self.expect(Tok::Comma, ",")
    }
    pub fn parse_colon(&mut self) -> PResult<()> {
        self.expect(Tok::Colon, ":")
    }
    pub fn parse_equal(&mut self) -> PResult<()> {
        self.expect(Tok::Equal, "=")
    }
    pub fn parse_lparen(&mut self) -> PResult<()> {
        self.expect(Tok::LParen, "(")
    }
    pub fn parse_rparen(&mut self) -> PResult<()> {
        self.expect(Tok::RParen, ")")
    }
    pub fn parse_arrow(&mut self) -> PResult<()> {
        self.expect(Tok::Arrow, "->")
    }

    /// Consumes the bare keyword `kw`.
    pub fn parse_keyword(&mut self, kw: &str) -> PResult<()> {
        if self.parse_optional_keyword(kw) {
            Ok(())
        } else {
            let d = self.describe();
            self.err_expected(format!("expected '{kw}', found {d}"))
        }
    }

    pub fn parse_optional_keyword(&mut self, kw: &str) -> bool {
        if self.tok.kind == Tok::BareIdent && self.tok.text == kw {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes any bare identifier.
    pub fn parse_any_keyword(&mut self) -> PResult<&'src str> {
        if self.tok.kind == Tok::BareIdent {
            Ok(self.bump().text)
        } else {
            let d = self.describe();
            self.err_expected(format!("expected keyword, found {d}"))
        }
    }

    pub fn peek_keyword(&self) -> Option<&'src str> {
        (self.tok.kind == Tok::BareIdent).then_some(self.tok.text)
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return self.err(format!(
                "nesting is too deep (more than {MAX_NESTING} levels)"
            ));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Parses `elem (, elem)*` between `open` and `close`; empty allowed.
    pub fn parse_comma_list(
        &mut self,
        open: Tok,
        close: Tok,
        close_text: &str,
        mut elem: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        if open != Tok::Eof {
            self.bump();
        }
        if self.optional(close) {
            return Ok(());
        }
        loop {
            elem(self)?;
            if self.optional(close) {
                return Ok(());
            }
            if !self.optional(Tok::Comma) {
                let d = self.describe();
                return self.err_expected(format!("expected ',' or '{close_text}', found {d}"));
            }
        }
    }

    // ----- literals -----

    /// A string literal's decoded contents.
    pub fn parse_string(&mut self) -> PResult<String> {
        if self.tok.kind != Tok::String {
            let d = self.describe();
            return self.err_expected(format!("expected string literal, found {d}"));
        }
        let t = self.bump();
        match unescape(&t.text[1..t.text.len() - 1]) {
            Some(s) => Ok(s),
            None => Err(self.error_at(t.offset, "invalid escape sequence in string literal")),
        }
    }

    /// `@name` or `@"quoted name"`.
    pub fn parse_symbol_name(&mut self) -> PResult<Sym> {
        match self.parse_optional_symbol_name()? {
            Some(s) => Ok(s),
            None => {
                let d = self.describe();
                self.err_expected(format!("expected symbol name, found {d}"))
            }
        }
    }

    pub fn parse_optional_symbol_name(&mut self) -> PResult<Option<Sym>> {
        if self.tok.kind != Tok::AtIdent {
            return Ok(None);
        }
        let t = self.bump();
        let body = &t.text[1..];
        if let Some(q) = body.strip_prefix('"') {
            match unescape(&q[..q.len() - 1]) {
                Some(s) => Ok(Some(self.ctx.sym(&s))),
                None => Err(self.error_at(t.offset, "invalid escape sequence in symbol name")),
            }
        } else {
            Ok(Some(self.ctx.sym(body)))
        }
    }

    /// An integer literal with optional leading `-`, as i128 for range checks.
    pub fn parse_integer(&mut self) -> PResult<i128> {
        let neg = self.optional(Tok::Minus);
        if self.tok.kind != Tok::Integer {
            let d = self.describe();
            return self.err_expected(format!("expected integer value, found {d}"));
        }
        let t = self.bump();
        let v = parse_int_text(t.text)
            .ok_or_else(|| self.error_at(t.offset, "integer constant out of range"))?;
        Ok(if neg { -v } else { v })
    }

    // ----- top level -----

    fn parse_top_level(&mut self) -> PResult<OpId> {
        let loc = self.ctx.add_loc(LocData::FileLineCol {
            file: self.file,
            line: 0,
            col: 0,
        });
        let region = self.ctx.create_region();
        let block = self.ctx.create_block();
        self.ctx.insert_block(region, 0, block);
        self.push_scope(true);
        self.forward.push(ForwardRefs::default());
        loop {
            match self.tok.kind {
                Tok::Eof => break,
                Tok::HashIdent if !self.tok.text.contains('.') => self.parse_attr_alias_def()?,
                Tok::BangIdent if !self.tok.text.contains('.') => self.parse_type_alias_def()?,
                Tok::FileMetadataBegin => self.skip_file_metadata()?,
                _ => {
                    let op = self.parse_operation()?;
                    self.ctx.insert_op(op, InsertPoint::BlockEnd(block));
                }
            }
        }
        self.finish_isolated_scope()?;
        self.pop_scope();
        self.resolve_deferred_locs()?;
        // A single explicit module is the result; anything else is wrapped.
        let ops: Vec<OpId> = self.ctx.block_ops(block).collect();
        if ops.len() == 1 && self.ctx.isa(ops[0], &crate::builtin::MODULE) {
            self.ctx.unlink_op(ops[0]);
            self.ctx.destroy_region(region);
            return Ok(ops[0]);
        }
        let name = self.ctx.op_name("builtin.module");
        let st = OperationState::new(name, loc).regions(&[region]);
        Ok(self.ctx.create_op(st))
    }

    fn skip_file_metadata(&mut self) -> PResult<()> {
        let start = self.tok.offset;
        while !matches!(self.tok.kind, Tok::FileMetadataEnd | Tok::Eof) {
            self.bump();
        }
        if self.tok.kind == Tok::Eof {
            return Err(self.error_at(start, "unterminated file metadata dictionary"));
        }
        self.bump();
        Ok(())
    }

    fn parse_attr_alias_def(&mut self) -> PResult<()> {
        let t = self.bump();
        let name = &t.text[1..];
        self.parse_equal()?;
        if self.tok.kind == Tok::BareIdent && self.tok.text == "loc" {
            let l = self.parse_loc_body()?;
            self.loc_aliases.insert(name, l);
            return Ok(());
        }
        if self.attr_aliases.contains_key(name) || self.loc_aliases.contains_key(name) {
            return Err(self.error_at(
                t.offset,
                format!("redefinition of attribute alias id '{name}'"),
            ));
        }
        let a = self.parse_attribute(None)?;
        self.attr_aliases.insert(name, a);
        Ok(())
    }

    fn parse_type_alias_def(&mut self) -> PResult<()> {
        let t = self.bump();
        let name = &t.text[1..];
        self.parse_equal()?;
        if self.type_aliases.contains_key(name) {
            return Err(self.error_at(t.offset, format!("redefinition of type alias id '{name}'")));
        }
        let ty = self.parse_type()?;
        self.type_aliases.insert(name, ty);
        Ok(())
    }

    // ----- operations -----

    /// Parses one operation (with its result list), creating it detached.
    pub(crate) fn parse_operation(&mut self) -> PResult<OpId> {
        let start = self.tok.offset;
        let mut results: SmallVec<[(&'src str, u64, usize); 2]> = SmallVec::new();
        if self.tok.kind == Tok::PercentIdent {
            loop {
                // `%name#3` lexes as two tokens, so `t` never holds a '#'.
                let t = self.bump();
                let mut count = 1u64;
                if self.optional(Tok::Colon) {
                    let off = self.tok.offset;
                    let n = self.parse_integer()?;
                    if n < 1 {
                        return Err(self
                            .error_at(off, "expected named operation to have at least 1 result"));
                    }
                    count = n.min(u64::MAX as i128 / 1024) as u64;
                }
                results.push((t.text, count, t.offset));
                if !self.optional(Tok::Comma) {
                    break;
                }
                if self.tok.kind != Tok::PercentIdent {
                    return self.err_expected("expected SSA value name");
                }
            }
            if !self.optional(Tok::Equal) {
                return self.err_expected("expected '=' after SSA name");
            }
        }
        let op = match self.tok.kind {
            Tok::String => self.parse_generic_op()?,
            Tok::BareIdent => self.parse_custom_op()?,
            _ => {
                let d = self.describe();
                return self.err_expected(format!("expected operation name in quotes, found {d}"));
            }
        };
        let _ = start;
        let n_results = self.ctx.results(op).len();
        let expected: u64 = results.iter().map(|r| r.1).sum();
        if !results.is_empty() && expected as usize != n_results {
            return Err(self.error_at(
                results[0].2,
                format!(
                    "operation defines {n_results} results but was provided {expected} to bind"
                ),
            ));
        }
        let mut i = 0usize;
        for (name, count, off) in results {
            let vals = SmallVec::from_slice(&self.ctx.results(op)[i..i + count as usize]);
            i += count as usize;
            self.define_values(name, vals, off)?;
        }
        Ok(op)
    }

    fn parse_generic_op(&mut self) -> PResult<OpId> {
        let name_tok = self.tok;
        let name = match self.op_names.get(name_tok.text) {
            Some(&n) => {
                self.bump();
                n
            }
            None => {
                let s = self.parse_string()?;
                let n = self.ctx.op_name(&s);
                self.op_names.insert(name_tok.text, n);
                n
            }
        };
        let loc = self.loc_at(name_tok.offset);
        if name.def.is_none() {
            // An unknown op of a registered dialect is an error even with
            // --allow-unregistered-dialect (MLIR reports it at the op), unless
            // the dialect allows unknown ops; one of an unknown dialect is
            // an error only without the flag (at the `(`).
            let name_str = self.ctx.str(name.sym);
            let dialect = name_str.split_once('.').map_or("", |d| d.0);
            let registered = self.ctx.registry().dialect(dialect).is_some();
            if registered
                && !self
                    .ctx
                    .registry()
                    .accepts_unknown_op(name_str, self.ctx.allow_unregistered)
            {
                let msg = format!(
                    "unregistered operation '{name_str}' found in dialect ('{dialect}') that does not allow unknown operations"
                );
                return Err(self.error_at(name_tok.offset, msg));
            }
            if !registered && !self.ctx.allow_unregistered {
                return self.err(
                    "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
                );
            }
        }
        let mut st = OperationState::new(name, loc);
        // Operands.
        if self.tok.kind != Tok::LParen {
            let d = self.describe();
            return self.err_expected(format!("expected '(' to start operand list, found {d}"));
        }
        let mut uses: SmallVec<[UnresolvedOperand<'src>; 4]> = SmallVec::new();
        self.parse_comma_list(Tok::LParen, Tok::RParen, ")", |p| {
            uses.push(p.parse_operand()?);
            Ok(())
        })?;
        // Successors.
        if self.tok.kind == Tok::LSquare {
            let mut succs = SmallVec::<[BlockId; 2]>::new();
            self.parse_comma_list(Tok::LSquare, Tok::RSquare, "]", |p| {
                succs.push(p.parse_successor()?);
                Ok(())
            })?;
            st.successors = succs;
        }
        // Properties.
        if self.tok.kind == Tok::Less {
            self.bump();
            let a = self.parse_attribute(None)?;
            match self.ctx.attr_data(a) {
                AttrData::Dict(_) if name.def.is_none() => st.opaque_props = Some(a),
                AttrData::Dict(entries) => st.attrs.extend(entries.iter().copied()),
                _ => return self.err_expected("expected dictionary of properties"),
            }
            self.expect(Tok::Greater, ">")?;
        }
        // Regions.
        if self.tok.kind == Tok::LParen {
            let isolated = name.def.is_some_and(|d| d.has(Traits::ISOLATED_FROM_ABOVE));
            let dd = name.def.and_then(|d| d.default_dialect);
            self.default_dialects.push(dd);
            let mut regions = Vec::new();
            let r = self.parse_comma_list(Tok::LParen, Tok::RParen, ")", |p| {
                let r = p.ctx.create_region();
                regions.push(r);
                p.parse_region_body(r, &[], isolated)
            });
            self.default_dialects.pop();
            r?;
            st.regions = regions;
        }
        self.parse_optional_attr_dict(&mut st.attrs)?;
        self.parse_colon()?;
        let ty_off = self.tok.offset;
        let fty = self.parse_type()?;
        let (inputs, outputs) = match self.ctx.type_data(fty) {
            TypeData::Function { inputs, results } => (inputs.clone(), results.clone()),
            _ => return Err(self.error_at(ty_off, "expected function type")),
        };
        if inputs.len() != uses.len() {
            return Err(self.error_at(
                ty_off,
                format!(
                    "expected {} operand type{} but had {}",
                    uses.len(),
                    if uses.len() == 1 { "" } else { "s" },
                    inputs.len()
                ),
            ));
        }
        for (u, &t) in uses.iter().zip(inputs.iter()) {
            let v = self.resolve_operand(*u, t)?;
            st.operands.push(v);
        }
        st.result_types.extend(outputs.iter().copied());
        let op = self.ctx.create_op(st);
        self.parse_trailing_loc(LocTarget::Op(op))?;
        Ok(op)
    }

    fn parse_custom_op(&mut self) -> PResult<OpId> {
        let t = self.bump();
        let loc = self.loc_at(t.offset);
        // A dotted spelling resolves the same everywhere: remember it.
        if let Some(&(name, def, format)) = self.custom_ops.get(t.text) {
            return self.finish_custom_op(name, def, format, loc);
        }
        let registry = self.ctx.registry();
        let mut def = registry.lookup(t.text);
        let mut tried = String::new();
        if def.is_none() && !t.text.contains('.') {
            if let Some(Some(dd)) = self.default_dialects.last() {
                let full = format!("{dd}.{}", t.text);
                def = registry.lookup(&full);
                tried = format!(" (tried '{full}' as well)");
            }
            if def.is_none() {
                def = registry.lookup(&format!("builtin.{}", t.text));
            }
        }
        let Some(def) = def else {
            return Err(self.error_at(
                t.offset,
                format!("custom op '{}' is unknown{tried}", t.text),
            ));
        };
        let Some(format) = def.format else {
            return Err(self.error_at(
                t.offset,
                format!("custom op '{}' has no custom assembly form", def.name),
            ));
        };
        let name = self.ctx.op_name(def.name);
        if t.text.contains('.') {
            self.custom_ops.insert(t.text, (name, def, format));
        }
        self.finish_custom_op(name, def, format, loc)
    }

    fn finish_custom_op(
        &mut self,
        name: crate::ir::OpName,
        def: &'static crate::opdef::OpDef,
        format: crate::opdef::AsmFormat,
        loc: LocId,
    ) -> PResult<OpId> {
        let mut st = OperationState::new(name, loc);
        st.attrs = std::mem::take(&mut self.attrs_buf);
        // Like MLIR, every op sets the default dialect of its own regions:
        // one without a default (scf.if) does not inherit its parent's.
        self.default_dialects.push(def.default_dialect);
        let outer = self.custom_op.replace(def.name);
        let r = (format.parse)(self, &mut st);
        self.custom_op = outer;
        self.default_dialects.pop();
        r?;
        let op = self.ctx.create_op_from(&mut st);
        st.attrs.clear();
        self.attrs_buf = std::mem::take(&mut st.attrs);
        self.parse_trailing_loc(LocTarget::Op(op))?;
        Ok(op)
    }

    /// Parses an optional trailing `loc(...)` and applies it.
    fn parse_trailing_loc(&mut self, target: LocTarget) -> PResult<()> {
        if self.tok.kind != Tok::BareIdent || self.tok.text != "loc" {
            return Ok(());
        }
        // `loc(#alias)` may name an alias defined at the end of the file.
        let save = (self.lex.pos(), self.tok);
        self.bump();
        if self.tok.kind == Tok::LParen {
            self.bump();
            if self.tok.kind == Tok::HashIdent {
                let a = self.tok;
                let name = &a.text[1..];
                if let Some(&l) = self.loc_aliases.get(name) {
                    self.bump();
                    self.expect(Tok::RParen, ")")?;
                    self.apply_loc(target, l);
                } else {
                    self.bump();
                    self.expect(Tok::RParen, ")")?;
                    self.deferred_locs.push((target, name, a.offset));
                }
                return Ok(());
            }
        }
        self.lex.reset_to(save.0);
        self.tok = save.1;
        let l = self.parse_loc_body()?;
        self.apply_loc(target, l);
        Ok(())
    }

    fn apply_loc(&mut self, target: LocTarget, l: LocId) {
        match target {
            LocTarget::Op(op) => self.ctx.ops[op].loc = l,
            LocTarget::Value(v) => self.ctx.values[v].loc = Some(l),
        }
    }

    fn resolve_deferred_locs(&mut self) -> PResult<()> {
        for (target, name, off) in std::mem::take(&mut self.deferred_locs) {
            match self.loc_aliases.get(name) {
                Some(&l) => self.apply_loc(target, l),
                None => {
                    return Err(self.error_at(off, "operation location alias was never defined"));
                }
            }
        }
        Ok(())
    }

    /// `loc(...)` with the `loc` keyword current.
    pub fn parse_loc_body(&mut self) -> PResult<LocId> {
        self.parse_keyword("loc")?;
        self.parse_lparen()?;
        let l = self.parse_location_inner()?;
        self.parse_rparen()?;
        Ok(l)
    }

    fn parse_location_inner(&mut self) -> PResult<LocId> {
        self.enter()?;
        let r = self.parse_location_inner_impl();
        self.leave();
        r
    }

    fn parse_location_inner_impl(&mut self) -> PResult<LocId> {
        match self.tok.kind {
            Tok::HashIdent => {
                let t = self.bump();
                match self.loc_aliases.get(&t.text[1..]) {
                    Some(&l) => Ok(l),
                    None => Err(self.error_at(
                        t.offset + t.text.len(),
                        format!("undefined symbol alias id '{}'", &t.text[1..]),
                    )),
                }
            }
            Tok::BareIdent if self.tok.text == "unknown" => {
                self.bump();
                Ok(self.ctx.unknown_loc())
            }
            Tok::BareIdent if self.tok.text == "callsite" => {
                self.bump();
                self.parse_lparen()?;
                let callee = self.parse_location_inner()?;
                self.parse_keyword("at")?;
                let caller = self.parse_location_inner()?;
                self.parse_rparen()?;
                Ok(self.ctx.add_loc(LocData::CallSite { callee, caller }))
            }
            Tok::BareIdent if self.tok.text == "fused" => {
                self.bump();
                let mut metadata = None;
                if self.optional(Tok::Less) {
                    metadata = Some(self.parse_attribute(None)?);
                    self.expect(Tok::Greater, ">")?;
                }
                let mut locs = Vec::new();
                if self.tok.kind != Tok::LSquare {
                    return self.err_expected("expected '[' in fused location");
                }
                self.parse_comma_list(Tok::LSquare, Tok::RSquare, "]", |p| {
                    locs.push(p.parse_location_inner()?);
                    Ok(())
                })?;
                Ok(fused_loc(self.ctx, &locs, metadata))
            }
            Tok::String => {
                let s = self.parse_string()?;
                let sym = self.ctx.sym(&s);
                if self.optional(Tok::Colon) {
                    let clamp = |v: i128| v.clamp(0, u32::MAX as i128) as u32;
                    let line = clamp(self.parse_integer()?);
                    // `"file":line` alone is column 0.
                    if !self.optional(Tok::Colon) {
                        return Ok(self.ctx.add_loc(LocData::FileLineCol {
                            file: sym,
                            line,
                            col: 0,
                        }));
                    }
                    let col = clamp(self.parse_integer()?);
                    // Ranges: `to L:C`, or `to :C` on the same line.
                    if self.parse_optional_keyword("to") {
                        let end_line = if self.tok.kind == Tok::Colon {
                            line
                        } else {
                            clamp(self.parse_integer()?)
                        };
                        self.parse_colon()?;
                        let end_col = clamp(self.parse_integer()?);
                        return Ok(self.ctx.add_loc(LocData::FileRange {
                            file: sym,
                            line,
                            col,
                            end_line,
                            end_col,
                        }));
                    }
                    return Ok(self.ctx.add_loc(LocData::FileLineCol {
                        file: sym,
                        line,
                        col,
                    }));
                }
                let mut child = None;
                if self.optional(Tok::LParen) {
                    child = Some(self.parse_location_inner()?);
                    self.parse_rparen()?;
                }
                Ok(self.ctx.add_loc(LocData::Name { name: sym, child }))
            }
            _ => {
                let d = self.describe();
                self.err_expected(format!("expected location instance, found {d}"))
            }
        }
    }

    // ----- SSA values -----

    /// `%name` or `%name#N`.
    pub fn parse_operand(&mut self) -> PResult<UnresolvedOperand<'src>> {
        if self.tok.kind != Tok::PercentIdent {
            let d = self.describe();
            return self.err_expected(format!("expected SSA operand, found {d}"));
        }
        let t = self.bump();
        let mut number = 0;
        if self.tok.kind == Tok::HashIdent && self.tok.offset == t.offset + t.text.len() {
            let h = self.bump();
            number = h.text[1..]
                .parse::<u32>()
                .map_err(|_| self.error_at(h.offset, "invalid SSA value result number"))?;
        }
        Ok(UnresolvedOperand {
            name: t.text,
            number,
            offset: t.offset,
        })
    }

    pub fn parse_optional_operand(&mut self) -> PResult<Option<UnresolvedOperand<'src>>> {
        if self.tok.kind == Tok::PercentIdent {
            self.parse_operand().map(Some)
        } else {
            Ok(None)
        }
    }

    /// Comma-separated operands, possibly none.
    pub fn parse_operand_list(&mut self) -> PResult<SmallVec<[UnresolvedOperand<'src>; 4]>> {
        let mut v = SmallVec::new();
        if self.tok.kind != Tok::PercentIdent {
            return Ok(v);
        }
        loop {
            v.push(self.parse_operand()?);
            if !self.optional(Tok::Comma) {
                return Ok(v);
            }
        }
    }

    /// Looks up a name, creating a forward-reference placeholder if unseen.
    pub fn resolve_operand(&mut self, u: UnresolvedOperand<'src>, ty: TypeId) -> PResult<ValueId> {
        for s in self.scopes.iter().rev() {
            if let Some((vals, _)) = s.values.get(u.name) {
                let Some(&v) = vals.get(u.number as usize) else {
                    return Err(self.error_at(u.offset, "reference to invalid result number"));
                };
                let actual = self.ctx.value_type(v);
                if actual != ty {
                    return Err(self.use_type_mismatch(u, ty, actual, v));
                }
                return Ok(v);
            }
            if s.isolated {
                break;
            }
        }
        let fwd = self.forward.last_mut().expect("no isolated scope");
        if let Some(&(v, _)) = fwd.refs.get(&(u.name, u.number)) {
            let actual = self.ctx.value_type(v);
            if actual != ty {
                return Err(self.use_type_mismatch(u, ty, actual, v));
            }
            return Ok(v);
        }
        let v = self.ctx.add_block_arg(self.fwd_block, ty, None);
        self.forward
            .last_mut()
            .expect("no isolated scope")
            .refs
            .insert((u.name, u.number), (v, u.offset));
        Ok(v)
    }

    fn use_type_mismatch(
        &mut self,
        u: UnresolvedOperand<'src>,
        expected: TypeId,
        actual: TypeId,
        v: ValueId,
    ) -> Diagnostic {
        let (e, a) = (
            crate::printer::type_to_string(self.ctx, expected),
            crate::printer::type_to_string(self.ctx, actual),
        );
        let name = if u.number > 0 {
            format!("{}#{}", u.name, u.number)
        } else {
            u.name.to_string()
        };
        let d = self.error_at(
            u.offset,
            format!("use of value '{name}' expects different type than prior uses: '{e}' vs '{a}'"),
        );
        let def_loc = self.ctx.value_loc(v);
        d.with_note(def_loc, "prior use here")
    }

    /// Resolves operands against types, pairwise, into an op's operands; a
    /// count mismatch is a custom-op error (see [`Self::op_error_at`]).
    pub fn resolve_op_operands(
        &mut self,
        uses: &[UnresolvedOperand<'src>],
        types: &[TypeId],
        offset: usize,
        st: &mut OperationState,
    ) -> PResult<()> {
        if uses.len() != types.len() {
            let msg = format!(
                "{} operands present, but expected {}",
                uses.len(),
                types.len()
            );
            return Err(self.op_error_at(offset, msg));
        }
        self.resolve_operands(uses, types, offset, &mut st.operands)
    }

    /// Resolves operands against types, pairwise.
    pub fn resolve_operands(
        &mut self,
        uses: &[UnresolvedOperand<'src>],
        types: &[TypeId],
        offset: usize,
        out: &mut SmallVec<[ValueId; 4]>,
    ) -> PResult<()> {
        if uses.len() != types.len() {
            return Err(self.error_at(
                offset,
                format!(
                    "{} operands present, but expected {}",
                    uses.len(),
                    types.len()
                ),
            ));
        }
        for (&u, &t) in uses.iter().zip(types) {
            let v = self.resolve_operand(u, t)?;
            out.push(v);
        }
        Ok(())
    }

    /// Resolves all operands to one type.
    pub fn resolve_operands_same(
        &mut self,
        uses: &[UnresolvedOperand<'src>],
        ty: TypeId,
        out: &mut SmallVec<[ValueId; 4]>,
    ) -> PResult<()> {
        for &u in uses {
            let v = self.resolve_operand(u, ty)?;
            out.push(v);
        }
        Ok(())
    }

    fn define_values(
        &mut self,
        name: &'src str,
        vals: SmallVec<[ValueId; 1]>,
        offset: usize,
    ) -> PResult<()> {
        let no_forward_refs = self
            .forward
            .last()
            .expect("no isolated scope")
            .refs
            .is_empty();
        let scope = self.scopes.last_mut().expect("no region scope");
        // Forward references are rare: without any, define in one lookup.
        let prev = if no_forward_refs {
            match scope.values.define(name, (vals, offset)) {
                Ok(()) => return Ok(()),
                Err(prev) => return Err(self.redefinition(name, offset, prev)),
            }
        } else {
            scope.values.get(name).map(|e| e.1)
        };
        if let Some(prev_offset) = prev {
            return Err(self.redefinition(name, offset, prev_offset));
        }
        for (i, &v) in vals.iter().enumerate() {
            let key = (name, i as u32);
            if let Some((fwd, use_off)) = self
                .forward
                .last_mut()
                .expect("no isolated scope")
                .refs
                .remove(&key)
            {
                let (ft, vt) = (self.ctx.value_type(fwd), self.ctx.value_type(v));
                if ft != vt {
                    let (a, b) = (
                        crate::printer::type_to_string(self.ctx, vt),
                        crate::printer::type_to_string(self.ctx, ft),
                    );
                    let use_loc = self.loc_at(use_off);
                    return Err(self
                        .error_at(
                            offset,
                            format!("definition of SSA value '{name}#{i}' has type '{a}'"),
                        )
                        .with_note(use_loc, format!("previously used here with type '{b}'")));
                }
                self.ctx.replace_all_uses(fwd, v);
            }
        }
        // A use of `%x#N` past the definition's result count can never resolve.
        let n = vals.len() as u32;
        if let Some((_, off)) = self
            .forward
            .last()
            .expect("no isolated scope")
            .refs
            .iter()
            .find(|((k, i), _)| *k == name && *i >= n)
            .map(|(_, v)| *v)
        {
            return Err(self.error_at(off, "reference to invalid result number"));
        }
        let defined = self
            .scopes
            .last_mut()
            .expect("no region scope")
            .values
            .define(name, (vals, offset));
        debug_assert!(defined.is_ok(), "checked above");
        Ok(())
    }

    fn redefinition(&mut self, name: &str, offset: usize, prev_offset: usize) -> Diagnostic {
        let prev_loc = self.loc_at(prev_offset);
        self.error_at(offset, format!("redefinition of SSA value '{name}'"))
            .with_note(prev_loc, "previously defined here")
    }

    fn finish_isolated_scope(&mut self) -> PResult<()> {
        let fwd = self.forward.pop().expect("no isolated scope");
        if let Some(&(_, off)) = fwd.refs.values().min_by_key(|(_, off)| *off) {
            return Err(self.error_at(off, "use of undeclared SSA value name"));
        }
        Ok(())
    }

    // ----- blocks and regions -----

    /// `%name : type` with optional attribute dict and location.
    pub fn parse_argument(&mut self, allow_attrs: bool) -> PResult<Argument<'src>> {
        let name = self.parse_operand()?;
        if name.number != 0 {
            return Err(self.error_at(name.offset, "expected argument name without '#'"));
        }
        self.parse_colon()?;
        let ty = self.parse_type()?;
        let mut attrs = None;
        if allow_attrs && self.tok.kind == Tok::LBrace {
            attrs = Some(self.parse_attribute(None)?);
        }
        // Without `loc(...)` an argument is located at its name, as in MLIR.
        let loc = if self.tok.kind == Tok::BareIdent && self.tok.text == "loc" {
            self.parse_loc_body_deferrable(name.offset)?
        } else {
            self.loc_at(name.offset)
        };
        Ok(Argument {
            name,
            ty,
            attrs,
            loc: Some(loc),
        })
    }

    fn parse_loc_body_deferrable(&mut self, name_offset: usize) -> PResult<LocId> {
        // An alias defined later in the file is resolved at the end, once
        // the argument's value exists (see `arg_value_created`).
        self.parse_keyword("loc")?;
        self.parse_lparen()?;
        let l = if self.tok.kind == Tok::HashIdent
            && !self.loc_aliases.contains_key(&self.tok.text[1..])
        {
            let t = self.bump();
            self.pending_arg_locs
                .push((name_offset, &t.text[1..], t.offset));
            self.ctx.unknown_loc()
        } else {
            self.parse_location_inner()?
        };
        self.parse_rparen()?;
        Ok(l)
    }

    /// `^bb` reference, creating the block if it is not yet defined.
    pub fn parse_successor(&mut self) -> PResult<BlockId> {
        if self.tok.kind != Tok::CaretIdent {
            let d = self.describe();
            return self.err_expected(format!("expected block name, found {d}"));
        }
        let t = self.bump();
        Ok(self.block_ref(t.text, t.offset, false))
    }

    /// `^bb(%a, %b : i32, i32)` — a successor and the operands passed to it.
    pub fn parse_successor_and_operands(
        &mut self,
        operands: &mut SmallVec<[ValueId; 4]>,
    ) -> PResult<BlockId> {
        let b = self.parse_successor()?;
        if self.tok.kind == Tok::LParen {
            self.bump();
            let off = self.tok.offset;
            let uses = self.parse_operand_list()?;
            let mut types = Vec::new();
            if !uses.is_empty() {
                self.parse_colon()?;
                types = self.parse_type_list_no_parens()?;
            }
            self.parse_rparen()?;
            self.resolve_operands(&uses, &types, off, operands)?;
        }
        Ok(b)
    }

    fn block_ref(&mut self, name: &'src str, offset: usize, define: bool) -> BlockId {
        let scope = self.scopes.last_mut().expect("no region scope");
        if let Some(e) = scope.blocks.get_mut(name) {
            if define {
                e.1 = true;
            }
            return e.0;
        }
        let b = self.ctx.create_block();
        self.scopes
            .last_mut()
            .expect("no region scope")
            .blocks
            .insert(name, (b, define, offset));
        b
    }

    /// Parses `{ ... }` into `region`. `entry_args` are the entry block's
    /// arguments when the op's syntax declares them outside the braces.
    pub fn parse_region(
        &mut self,
        region: RegionId,
        entry_args: &[Argument<'src>],
        isolated: bool,
    ) -> PResult<()> {
        self.parse_region_body(region, entry_args, isolated)
    }

    /// Parses an optional region: returns false (consuming nothing) when the
    /// next token is not `{`.
    pub fn parse_optional_region(
        &mut self,
        region: RegionId,
        entry_args: &[Argument<'src>],
    ) -> PResult<bool> {
        if self.tok.kind != Tok::LBrace {
            return Ok(false);
        }
        self.parse_region_body(region, entry_args, false)?;
        Ok(true)
    }

    fn parse_region_body(
        &mut self,
        region: RegionId,
        entry_args: &[Argument<'src>],
        isolated: bool,
    ) -> PResult<()> {
        if self.tok.kind != Tok::LBrace {
            let d = self.describe();
            return self.err_expected(format!("expected '{{' to begin a region, found {d}"));
        }
        self.enter()?;
        self.bump();
        self.push_scope(isolated);
        if isolated {
            self.forward.push(ForwardRefs::default());
        }
        let r = self.parse_region_blocks(region, entry_args);
        let r = r.and_then(|_| {
            if isolated {
                self.finish_isolated_scope()?;
            }
            self.check_undefined_blocks()
        });
        if r.is_err()
            && isolated
            && self.forward.len() > self.scopes.iter().filter(|s| s.isolated).count() - 1
        {
            self.forward.pop();
        }
        self.pop_scope();
        self.leave();
        r
    }

    /// Opens the name scope of a region, reusing the maps of a closed one
    /// (their capacity spares rehashing as every function fills them anew).
    fn push_scope(&mut self, isolated: bool) {
        let mut scope = self.scope_pool.pop().unwrap_or_default();
        scope.isolated = isolated;
        self.scopes.push(scope);
    }

    fn pop_scope(&mut self) {
        if let Some(mut scope) = self.scopes.pop() {
            scope.values.clear();
            scope.blocks.clear();
            self.scope_pool.push(scope);
        }
    }

    fn check_undefined_blocks(&mut self) -> PResult<()> {
        let scope = self.scopes.last().expect("no region scope");
        if let Some(off) = scope.blocks.values().filter(|e| !e.1).map(|e| e.2).min() {
            return Err(self.error_at(off, "reference to an undefined block"));
        }
        Ok(())
    }

    fn parse_region_blocks(
        &mut self,
        region: RegionId,
        entry_args: &[Argument<'src>],
    ) -> PResult<()> {
        if self.optional(Tok::RBrace) {
            if !entry_args.is_empty() {
                // A declared entry block with arguments but an empty body.
                let b = self.ctx.create_block();
                self.ctx.insert_block(region, 0, b);
                self.define_block_args(b, entry_args)?;
            }
            return Ok(());
        }
        // Entry block: either unlabeled, or labeled when no args were declared.
        let entry = if self.tok.kind == Tok::CaretIdent {
            if !entry_args.is_empty() {
                return self.err("invalid block name in region with named arguments");
            }
            None
        } else {
            let b = self.ctx.create_block();
            self.ctx.insert_block(region, 0, b);
            self.define_block_args(b, entry_args)?;
            self.parse_block_ops(b)?;
            Some(b)
        };
        let _ = entry;
        while self.tok.kind == Tok::CaretIdent {
            self.parse_labeled_block(region)?;
        }
        self.expect(Tok::RBrace, "}")
    }

    /// Moves a pending `loc(#alias)` of the argument named at `name_offset`
    /// to the deferred locations, now that its value `v` exists.
    fn arg_value_created(&mut self, name_offset: usize, v: ValueId) {
        if let Some(i) = self
            .pending_arg_locs
            .iter()
            .position(|p| p.0 == name_offset)
        {
            let (_, alias, off) = self.pending_arg_locs.swap_remove(i);
            self.deferred_locs.push((LocTarget::Value(v), alias, off));
        }
    }

    fn define_block_args(&mut self, b: BlockId, args: &[Argument<'src>]) -> PResult<()> {
        for a in args {
            let v = self.ctx.add_block_arg(b, a.ty, a.loc);
            if !self.pending_arg_locs.is_empty() {
                self.arg_value_created(a.name.offset, v);
            }
            self.define_values(a.name.name, SmallVec::from_elem(v, 1), a.name.offset)?;
        }
        Ok(())
    }

    fn parse_labeled_block(&mut self, region: RegionId) -> PResult<()> {
        let t = self.bump();
        let name = t.text;
        let existing = self
            .scopes
            .last()
            .expect("no region scope")
            .blocks
            .get(name)
            .copied();
        if let Some((_, true, _)) = existing {
            return Err(self.error_at(t.offset, format!("redefinition of block '{name}'")));
        }
        let b = self.block_ref(name, t.offset, true);
        if self.ctx.block_parent(b).is_none() {
            let pos = self.ctx.region_blocks(region).len();
            self.ctx.insert_block(region, pos, b);
        }
        if self.tok.kind == Tok::LParen {
            self.parse_comma_list(Tok::LParen, Tok::RParen, ")", |p| {
                let a = p.parse_argument(false)?;
                let v = p.ctx.add_block_arg(b, a.ty, a.loc);
                if !p.pending_arg_locs.is_empty() {
                    p.arg_value_created(a.name.offset, v);
                }
                p.define_values(a.name.name, SmallVec::from_elem(v, 1), a.name.offset)
            })?;
        }
        if !self.optional(Tok::Colon) {
            return self.err_expected("expected ':' after block name");
        }
        self.parse_block_ops(b)
    }

    fn parse_block_ops(&mut self, b: BlockId) -> PResult<()> {
        while !matches!(self.tok.kind, Tok::CaretIdent | Tok::RBrace | Tok::Eof) {
            let op = self.parse_operation()?;
            self.ctx.insert_op(op, InsertPoint::BlockEnd(b));
        }
        if self.tok.kind == Tok::Eof {
            return self.err_expected("expected '}' to end a region, found end of file");
        }
        Ok(())
    }

    // ----- attribute dictionaries -----

    /// `{k = v, unitattr}` if present, appended to `out`.
    pub fn parse_optional_attr_dict(&mut self, out: &mut Vec<(Sym, AttrId)>) -> PResult<()> {
        if self.tok.kind != Tok::LBrace {
            return Ok(());
        }
        let start = self.tok.offset;
        let a = self.parse_dict_attr()?;
        if let AttrData::Dict(entries) = self.ctx.attr_data(a) {
            for &(k, v) in entries.iter() {
                if out.iter().any(|(x, _)| *x == k) {
                    let n = self.ctx.str(k).to_string();
                    return Err(self.error_at(
                        start,
                        format!("duplicate key '{n}' in dictionary attribute"),
                    ));
                }
                out.push((k, v));
            }
        }
        Ok(())
    }

    /// `attributes {...}` if present.
    pub fn parse_optional_attr_dict_with_keyword(
        &mut self,
        out: &mut Vec<(Sym, AttrId)>,
    ) -> PResult<()> {
        if self.parse_optional_keyword("attributes") {
            if self.tok.kind != Tok::LBrace {
                return self.err_expected("expected '{' after 'attributes'");
            }
            self.parse_optional_attr_dict(out)?;
        }
        Ok(())
    }

    fn parse_dict_attr(&mut self) -> PResult<AttrId> {
        self.enter()?;
        let mut entries: Vec<(Sym, AttrId)> = Vec::new();
        let r = self.parse_comma_list(Tok::LBrace, Tok::RBrace, "}", |p| {
            let key_off = p.tok.offset;
            let key = match p.tok.kind {
                Tok::BareIdent => {
                    let t = p.bump();
                    p.ctx.sym(t.text)
                }
                Tok::String => {
                    let s = p.parse_string()?;
                    if s.is_empty() {
                        return Err(p.error_at(key_off, "expected valid attribute name"));
                    }
                    p.ctx.sym(&s)
                }
                _ => {
                    let d = p.describe();
                    return p.err_expected(format!("expected attribute name, found {d}"));
                }
            };
            if entries.iter().any(|(k, _)| *k == key) {
                let n = p.ctx.str(key).to_string();
                return Err(p.error_at(
                    key_off,
                    format!("duplicate key '{n}' in dictionary attribute"),
                ));
            }
            let v = if p.optional(Tok::Equal) {
                p.parse_attribute(None)?
            } else {
                p.ctx.unit_attr()
            };
            entries.push((key, v));
            Ok(())
        });
        self.leave();
        r?;
        entries.sort_by(|a, b| self.ctx.str(a.0).cmp(self.ctx.str(b.0)));
        Ok(self.ctx.attr(AttrData::Dict(entries.into())))
    }

    // ----- attributes -----

    /// Parses an attribute. `ty` is the type expected for untyped literals
    /// (as in `arith.constant 1 : i32` where the type follows separately);
    /// with `None`, literals take an optional `: type` suffix.
    pub fn parse_attribute(&mut self, ty: Option<TypeId>) -> PResult<AttrId> {
        self.enter()?;
        let r = self.parse_attribute_impl(ty);
        self.leave();
        r
    }

    fn parse_attribute_impl(&mut self, ty: Option<TypeId>) -> PResult<AttrId> {
        match self.tok.kind {
            Tok::LBrace => self.parse_dict_attr(),
            Tok::LSquare => {
                let mut elems = Vec::new();
                self.parse_comma_list(Tok::LSquare, Tok::RSquare, "]", |p| {
                    elems.push(p.parse_attribute(None)?);
                    Ok(())
                })?;
                Ok(self.ctx.attr(AttrData::Array(elems.into())))
            }
            Tok::String => {
                let s = self.parse_string()?;
                if ty.is_none() && self.tok.kind == Tok::Colon {
                    // Typed strings are accepted; the type is not kept.
                    self.bump();
                    self.parse_type()?;
                }
                Ok(self.ctx.str_attr(&s))
            }
            Tok::AtIdent => {
                let root = self.parse_symbol_name()?;
                let mut nested = Vec::new();
                while self.tok.kind == Tok::Colon && self.lex.peek_raw(b':') {
                    self.bump();
                    self.expect(Tok::Colon, ":")?;
                    nested.push(self.parse_symbol_name()?);
                }
                Ok(self.ctx.attr(AttrData::SymbolRef {
                    root,
                    nested: nested.into(),
                }))
            }
            Tok::Minus | Tok::Integer | Tok::Float => self.parse_number_attr(ty),
            Tok::HashIdent => {
                let t = self.bump();
                let body = &t.text[1..];
                if let Some((dialect, body)) = self.parse_dialect_body(t)? {
                    return Ok(self.ctx.attr(AttrData::Opaque { dialect, body }));
                }
                match self.attr_aliases.get(body) {
                    Some(&a) => Ok(a),
                    None => Err(self.error_at(
                        t.offset + t.text.len(),
                        format!("undefined symbol alias id '{body}'"),
                    )),
                }
            }
            Tok::BareIdent => match self.tok.text {
                "unit" => {
                    self.bump();
                    Ok(self.ctx.unit_attr())
                }
                "true" | "false" => {
                    let b = self.bump().text == "true";
                    Ok(self.ctx.bool_attr(b))
                }
                "array" => self.parse_dense_array(),
                "dense" => self.parse_dense_elements(),
                _ => {
                    let t = self.parse_type()?;
                    Ok(self.ctx.type_attr(t))
                }
            },
            Tok::BangIdent | Tok::LParen => {
                let t = self.parse_type()?;
                Ok(self.ctx.type_attr(t))
            }
            _ => {
                let d = self.describe();
                self.err_expected(format!("expected attribute value, found {d}"))
            }
        }
    }

    /// For a `#`/`!` token `t` just consumed: the dialect and verbatim body
    /// of `d.name<...>` or `d<...>`, or `None` when `t` names an alias.
    fn parse_dialect_body(&mut self, t: Token<'src>) -> PResult<Option<(Sym, Sym)>> {
        let name = &t.text[1..];
        let angle_follows =
            self.tok.kind == Tok::Less && self.tok.offset == t.offset + t.text.len();
        let (dialect, mut text) = match name.split_once('.') {
            Some((dialect, rest)) => (dialect, rest.to_string()),
            None if angle_follows => (name, String::new()),
            None => return Ok(None),
        };
        if angle_follows {
            text.push_str(self.scan_angle_body(t.offset)?);
        }
        Ok(Some((self.ctx.sym(dialect), self.ctx.sym(&text))))
    }

    /// Reads a raw `<...>` body right after a dialect prefix token.
    fn scan_angle_body(&mut self, at: usize) -> PResult<&'src str> {
        // The current token was lexed past the body's start; rescan from it.
        let start = self.tok.offset;
        self.lex.reset_to(start);
        match self.lex.scan_angle_body() {
            Some(s) => {
                self.tok = self.lex.next_token();
                Ok(s)
            }
            None => Err(self.error_at(at, "unbalanced '<' in dialect attribute or type")),
        }
    }

    fn parse_number_attr(&mut self, ty: Option<TypeId>) -> PResult<AttrId> {
        let start = self.tok.offset;
        let neg = self.optional(Tok::Minus);
        let t = self.tok;
        if !matches!(t.kind, Tok::Integer | Tok::Float) {
            let d = self.describe();
            return self.err_expected(format!("expected integer or float literal, found {d}"));
        }
        self.bump();
        let mut float_err_at = start;
        let ty = match ty {
            Some(t) => t,
            None if self.optional(Tok::Colon) => {
                // MLIR reports a float literal of a non-float type at the
                // token after the type.
                let ty = self.parse_type()?;
                float_err_at = self.tok.offset;
                ty
            }
            None => {
                if t.kind == Tok::Float {
                    self.ctx.common.f64
                } else {
                    self.ctx.common.i64
                }
            }
        };
        let float_err = (
            float_err_at,
            "floating point value not valid for specified type",
        );
        self.number_attr(t, neg, ty, start, float_err)
    }

    /// Builds an integer or float attribute of type `ty` from a literal.
    /// `float_err` is the error (offset, message) for a float literal given
    /// a non-float type: MLIR words it differently per context.
    fn number_attr(
        &mut self,
        t: Token<'src>,
        neg: bool,
        ty: TypeId,
        start: usize,
        float_err: (usize, &'static str),
    ) -> PResult<AttrId> {
        if t.kind == Tok::Float && !matches!(self.ctx.type_data(ty), TypeData::Float(_)) {
            return Err(self.error_at(float_err.0, float_err.1));
        }
        let td = self.ctx.type_data(ty).clone();
        match td {
            TypeData::Float(kind) => {
                if t.kind == Tok::Integer {
                    if let Some(hex) = t.text.strip_prefix("0x") {
                        if neg {
                            return Err(self.error_at(
                                t.offset,
                                "hexadecimal float literal should not have a leading minus",
                            ));
                        }
                        let width = match kind {
                            FloatKind::F64 => 64,
                            FloatKind::F32 => 32,
                            FloatKind::F16 | FloatKind::BF16 => 16,
                        };
                        let bits = u64::from_str_radix(hex, 16)
                            .ok()
                            .filter(|b| 64 - b.leading_zeros() <= width)
                            .ok_or_else(|| {
                                self.error_at(
                                    t.offset,
                                    "hexadecimal float constant out of range for type",
                                )
                            })?;
                        let v = match kind {
                            FloatKind::F64 => f64::from_bits(bits),
                            FloatKind::F32 => f32::from_bits(bits as u32) as f64,
                            FloatKind::F16 => crate::fold_util::f16_to_f64(bits as u16),
                            FloatKind::BF16 => crate::fold_util::bf16_to_f64(bits as u16),
                        };
                        return Ok(self.ctx.float_attr(v, ty));
                    }
                    let loc = self.loc_at(t.offset);
                    return Err(Diagnostic::error(
                        loc,
                        "unexpected decimal integer literal for a floating point value",
                    )
                    .with_note(loc, "add a trailing dot to make the literal a float"));
                }
                let v: f64 = t
                    .text
                    .parse()
                    .map_err(|_| self.error_at(t.offset, "invalid floating point literal"))?;
                Ok(self.ctx.float_attr(if neg { -v } else { v }, ty))
            }
            TypeData::Integer { width, signedness } => {
                if neg && matches!(signedness, Signedness::Unsigned) {
                    return Err(self.error_at(
                        t.offset,
                        "negative integer literal not valid for unsigned integer type",
                    ));
                }
                let v = parse_int_text(t.text)
                    .ok_or_else(|| self.error_at(t.offset, "integer constant out of range"))?;
                let v = if neg { -v } else { v };
                if !int_fits(v, width, signedness) {
                    return Err(self.error_at(start, "integer constant out of range for attribute"));
                }
                if width == 1 {
                    return Ok(self.ctx.bool_attr(v != 0));
                }
                Ok(self.ctx.int_attr(v as i64, ty))
            }
            TypeData::Index => {
                let v = parse_int_text(t.text)
                    .ok_or_else(|| self.error_at(t.offset, "integer constant out of range"))?;
                let v = if neg { -v } else { v };
                if !int_fits(v, 64, Signedness::Signless) {
                    return Err(self.error_at(start, "integer constant out of range for attribute"));
                }
                Ok(self.ctx.int_attr(v as i64, ty))
            }
            _ => Err(self.error_at(start, "integer literal not valid for specified type")),
        }
    }

    fn parse_dense_array(&mut self) -> PResult<AttrId> {
        self.bump();
        self.expect(Tok::Less, "<")?;
        let elem_off = self.tok.offset;
        let elem = self.parse_type()?;
        if !matches!(
            self.ctx.type_data(elem),
            TypeData::Integer { .. } | TypeData::Float(_)
        ) {
            let t = crate::printer::type_to_string(self.ctx, elem);
            return Err(self.error_at(
                elem_off,
                format!("expected integer or float type, got: '{t}'"),
            ));
        }
        let mut values = Vec::new();
        if self.optional(Tok::Colon) {
            loop {
                let start = self.tok.offset;
                let neg = self.optional(Tok::Minus);
                let t = self.tok;
                if !matches!(t.kind, Tok::Integer | Tok::Float) {
                    // `true`/`false` for i1 arrays.
                    if let Some(k @ ("true" | "false")) = self.peek_keyword() {
                        self.bump();
                        values.push((k == "true") as i64);
                    } else {
                        let d = self.describe();
                        return self
                            .err_expected(format!("expected integer or float literal, found {d}"));
                    }
                } else {
                    self.bump();
                    let a = self.number_attr(
                        t,
                        neg,
                        elem,
                        start,
                        (t.offset, "expected integer literal"),
                    )?;
                    let v = match self.ctx.attr_data(a) {
                        AttrData::Integer { value, .. } => *value,
                        AttrData::Float { bits, .. } => *bits as i64,
                        _ => 0,
                    };
                    values.push(v);
                }
                if !self.optional(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::Greater, ">")?;
        Ok(self.ctx.attr(AttrData::DenseArray {
            elem,
            values: values.into(),
        }))
    }

    fn parse_dense_elements(&mut self) -> PResult<AttrId> {
        let start = self.tok.offset;
        self.bump();
        self.expect(Tok::Less, "<")?;
        // Collect raw literal tokens, then type them once the shaped type is known.
        let mut lits: Vec<(Token<'src>, bool, usize)> = Vec::new();
        let mut splat = true;
        let mut bools: Vec<(usize, bool)> = Vec::new();
        // The shape of a `[...]` literal, checked against the type's.
        let mut dims: Option<Vec<u64>> = None;
        if self.tok.kind == Tok::LSquare {
            splat = false;
            dims = Some(self.collect_dense_literals(&mut lits, &mut bools)?);
        } else if self.tok.kind != Tok::Greater {
            self.collect_dense_scalar(&mut lits, &mut bools)?;
        } else {
            splat = false;
        }
        self.expect(Tok::Greater, ">")?;
        self.parse_colon()?;
        let ty = self.parse_type()?;
        let (elem, shape): (TypeId, Vec<u64>) = match self.ctx.type_data(ty) {
            TypeData::Vector { elem, shape } => (*elem, shape.to_vec()),
            TypeData::Tensor { elem, shape } => {
                match shape.iter().copied().collect::<Option<Vec<u64>>>() {
                    Some(s) => (*elem, s),
                    None => {
                        return Err(
                            self.error_at(start, "elements literal type must have static shape")
                        );
                    }
                }
            }
            _ => return Err(self.error_at(start, "elements literal type must be a shaped type")),
        };
        if let Some(dims) = dims.filter(|d| *d != shape) {
            let list = |d: &[u64]| d.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
            return Err(self.error_at(
                start,
                format!(
                    "inferred shape of elements literal ([{}]) does not match type ([{}])",
                    list(&dims),
                    list(&shape)
                ),
            ));
        }
        let mut values = Vec::with_capacity(lits.len());
        for (i, (t, neg, off)) in lits.into_iter().enumerate() {
            if let Some(&(_, b)) = bools.iter().find(|(j, _)| *j == i) {
                values.push(self.ctx.bool_attr(b));
            } else {
                let float_err = (
                    t.offset,
                    "expected integer elements, but parsed floating-point",
                );
                values.push(self.number_attr(t, neg, elem, off, float_err)?);
            }
        }
        // All-equal elements are stored (and printed) as a splat, as MLIR does.
        if values.len() > 1 && values.iter().all(|&v| v == values[0]) {
            values.truncate(1);
            splat = true;
        }
        Ok(self.ctx.attr(AttrData::DenseElements {
            ty,
            values: values.into(),
            splat,
        }))
    }

    fn collect_dense_scalar(
        &mut self,
        lits: &mut Vec<(Token<'src>, bool, usize)>,
        bools: &mut Vec<(usize, bool)>,
    ) -> PResult<()> {
        let off = self.tok.offset;
        if let Some(k @ ("true" | "false")) = self.peek_keyword() {
            self.bump();
            bools.push((lits.len(), k == "true"));
            lits.push((self.tok, false, off));
            return Ok(());
        }
        let neg = self.optional(Tok::Minus);
        if !matches!(self.tok.kind, Tok::Integer | Tok::Float) {
            let d = self.describe();
            return self.err_expected(format!(
                "expected element literal of primitive type, found {d}"
            ));
        }
        let t = self.bump();
        lits.push((t, neg, off));
        Ok(())
    }

    /// A `[...]` list of literals (nested lists, or scalars); returns its shape.
    fn collect_dense_literals(
        &mut self,
        lits: &mut Vec<(Token<'src>, bool, usize)>,
        bools: &mut Vec<(usize, bool)>,
    ) -> PResult<Vec<u64>> {
        self.enter()?;
        let mut count = 0u64;
        let mut elem_dims: Option<Vec<u64>> = None;
        let r = self.parse_comma_list(Tok::LSquare, Tok::RSquare, "]", |p| {
            let d = if p.tok.kind == Tok::LSquare {
                p.collect_dense_literals(lits, bools)?
            } else {
                p.collect_dense_scalar(lits, bools)?;
                Vec::new()
            };
            count += 1;
            match &elem_dims {
                Some(prev) if *prev != d => {
                    p.err("tensor literal is invalid; ranks are not consistent between elements")
                }
                Some(_) => Ok(()),
                None => {
                    elem_dims = Some(d);
                    Ok(())
                }
            }
        });
        self.leave();
        r?;
        let mut dims = vec![count];
        dims.extend(elem_dims.unwrap_or_default());
        Ok(dims)
    }

    // ----- types -----

    pub fn parse_colon_type(&mut self) -> PResult<TypeId> {
        self.parse_colon()?;
        self.parse_type()
    }

    /// `type (, type)*` without parentheses (at least one).
    pub fn parse_type_list_no_parens(&mut self) -> PResult<Vec<TypeId>> {
        let mut v = vec![self.parse_type()?];
        while self.optional(Tok::Comma) {
            v.push(self.parse_type()?);
        }
        Ok(v)
    }

    /// `: type (, type)*`, or nothing when there is no colon.
    pub fn parse_optional_colon_type_list(&mut self) -> PResult<Vec<TypeId>> {
        if self.optional(Tok::Colon) {
            self.parse_type_list_no_parens()
        } else {
            Ok(Vec::new())
        }
    }

    /// `(type, ...)` possibly empty.
    pub fn parse_paren_type_list(&mut self) -> PResult<Vec<TypeId>> {
        let mut v = Vec::new();
        if self.tok.kind != Tok::LParen {
            let d = self.describe();
            return self.err_expected(format!("expected '(', found {d}"));
        }
        self.parse_comma_list(Tok::LParen, Tok::RParen, ")", |p| {
            v.push(p.parse_type()?);
            Ok(())
        })?;
        Ok(v)
    }

    /// A function result list: a single non-function type, or `(types)`.
    pub fn parse_function_result_types(&mut self) -> PResult<Vec<TypeId>> {
        if self.tok.kind == Tok::LParen {
            self.parse_paren_type_list()
        } else {
            Ok(vec![self.parse_non_function_type()?])
        }
    }

    /// Any type, including function types.
    pub fn parse_type(&mut self) -> PResult<TypeId> {
        self.enter()?;
        let r = if self.tok.kind == Tok::LParen {
            (|| {
                let inputs = self.parse_paren_type_list()?;
                self.parse_arrow()?;
                let results = self.parse_function_result_types()?;
                Ok(self.ctx.function_type(&inputs, &results))
            })()
        } else {
            self.parse_non_function_type()
        };
        self.leave();
        r
    }

    fn parse_non_function_type(&mut self) -> PResult<TypeId> {
        match self.tok.kind {
            Tok::BareIdent => {
                let t = self.tok;
                let text = t.text;
                if let Some(ty) = self.builtin_scalar_type(text) {
                    self.bump();
                    return ty.map_err(|_| self.error_at(t.offset, "invalid integer width"));
                }
                match text {
                    "vector" => self.parse_shaped(true),
                    "tensor" => self.parse_shaped(false),
                    "tuple" => {
                        self.bump();
                        self.expect(Tok::Less, "<")?;
                        let mut v = Vec::new();
                        if !self.optional(Tok::Greater) {
                            v = self.parse_type_list_no_parens()?;
                            self.expect(Tok::Greater, ">")?;
                        }
                        Ok(self.ctx.ty(TypeData::Tuple(v.into())))
                    }
                    _ => self.err_expected(format!("expected non-function type, found '{text}'")),
                }
            }
            Tok::BangIdent => {
                let t = self.bump();
                let body = &t.text[1..];
                if let Some((dialect, mut body)) = self.parse_dialect_body(t)? {
                    if let Some(check) = self.ctx.registry().type_parser(self.ctx.str(dialect)) {
                        match check(self.ctx.str(body)) {
                            Ok(canonical) => body = self.ctx.sym(&canonical),
                            Err(msg) => return Err(self.error_at(t.offset, msg)),
                        }
                    }
                    return Ok(self.ctx.ty(TypeData::Opaque { dialect, body }));
                }
                match self.type_aliases.get(body) {
                    Some(&ty) => Ok(ty),
                    None => Err(self.error_at(
                        t.offset + t.text.len(),
                        format!("undefined symbol alias id '{body}'"),
                    )),
                }
            }
            _ => {
                let d = self.describe();
                self.err_expected(format!("expected non-function type, found {d}"))
            }
        }
    }

    /// `Some(Ok(ty))` for builtin scalar keywords, `Some(Err)` for a bad width.
    fn builtin_scalar_type(&self, text: &str) -> Option<Result<TypeId, ()>> {
        let c = &self.ctx.common;
        let simple = match text {
            "i1" => Some(c.i1),
            "i8" => Some(c.i8),
            "i16" => Some(c.i16),
            "i32" => Some(c.i32),
            "i64" => Some(c.i64),
            "index" => Some(c.index),
            "f16" => Some(c.f16),
            "bf16" => Some(c.bf16),
            "f32" => Some(c.f32),
            "f64" => Some(c.f64),
            "none" => Some(c.none),
            _ => None,
        };
        if let Some(t) = simple {
            return Some(Ok(t));
        }
        let (sign, digits) = if let Some(d) = text.strip_prefix("si") {
            (Signedness::Signed, d)
        } else if let Some(d) = text.strip_prefix("ui") {
            (Signedness::Unsigned, d)
        } else if let Some(d) = text.strip_prefix('i') {
            (Signedness::Signless, d)
        } else {
            return None;
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        match digits.parse::<u32>() {
            Ok(w) if (1..=64).contains(&w) => Some(Ok(self.ctx.ty(TypeData::Integer {
                width: w,
                signedness: sign,
            }))),
            _ => Some(Err(())),
        }
    }

    fn parse_shaped(&mut self, vector: bool) -> PResult<TypeId> {
        self.bump();
        self.expect(Tok::Less, "<")?;
        // Dimensions lex oddly (`4x8xf32` is one identifier after `4`), so
        // parse the raw text up to the element type by hand.
        let start = self.tok.offset;
        self.lex.reset_to(start);
        let src = self.lex.src();
        let b = src.as_bytes();
        let mut pos = start;
        let mut dims: Vec<Dim> = Vec::new();
        loop {
            let s = pos;
            if b.get(pos) == Some(&b'?') {
                pos += 1;
                if b.get(pos) != Some(&b'x') {
                    return Err(self.error_at(pos, "expected 'x' in dimension list"));
                }
                dims.push(None);
                pos += 1;
                continue;
            }
            while pos < b.len() && b[pos].is_ascii_digit() {
                pos += 1;
            }
            if pos > s && b.get(pos) == Some(&b'x') {
                let n: u64 = src[s..pos]
                    .parse()
                    .map_err(|_| self.error_at(s, "invalid dimension"))?;
                dims.push(Some(n));
                pos += 1;
                continue;
            }
            pos = s;
            break;
        }
        self.lex.reset_to(pos);
        self.tok = self.lex.next_token();
        let elem = self.parse_type()?;
        self.expect(Tok::Greater, ">")?;
        if vector {
            if dims.iter().any(|d| d.is_none()) {
                return Err(self.error_at(start, "vector types must have static shape"));
            }
            if dims.is_empty() {
                // `vector<f32>` is a 0-d vector; keep it as an empty shape.
            }
            let shape: Vec<u64> = dims.into_iter().map(|d| d.unwrap_or(0)).collect();
            Ok(self.ctx.ty(TypeData::Vector {
                shape: shape.into(),
                elem,
            }))
        } else {
            Ok(self.ctx.ty(TypeData::Tensor {
                shape: dims.into(),
                elem,
            }))
        }
    }
}

/// A fused location normalised as MLIR's `FusedLoc::get`: nested fused
/// locations with the same metadata are flattened, unknown locations and
/// duplicates dropped; none is unknown (or `fused<m>[unknown]`) and a single
/// one without metadata is itself.
fn fused_loc(ctx: &Context, locs: &[LocId], metadata: Option<AttrId>) -> LocId {
    let mut flat: Vec<LocId> = Vec::with_capacity(locs.len());
    for &l in locs {
        match ctx.loc_data(l) {
            LocData::Fused {
                locs: inner,
                metadata: m,
            } if *m == metadata => {
                for &i in inner.iter() {
                    if !flat.iter().any(|&f| loc_eq(ctx, f, i)) {
                        flat.push(i);
                    }
                }
            }
            LocData::Unknown => {}
            _ => {
                if !flat.iter().any(|&f| loc_eq(ctx, f, l)) {
                    flat.push(l);
                }
            }
        }
    }
    match (flat.len(), metadata) {
        (0, None) => ctx.unknown_loc(),
        (0, Some(_)) => ctx.add_loc(LocData::Fused {
            locs: Box::new([ctx.unknown_loc()]),
            metadata,
        }),
        (1, None) => flat[0],
        _ => ctx.add_loc(LocData::Fused {
            locs: flat.into(),
            metadata,
        }),
    }
}

/// Structural equality of locations (they are not uniqued).
fn loc_eq(ctx: &Context, a: LocId, b: LocId) -> bool {
    if a == b {
        return true;
    }
    match (ctx.loc_data(a), ctx.loc_data(b)) {
        (
            LocData::Name {
                name: n1,
                child: c1,
            },
            LocData::Name {
                name: n2,
                child: c2,
            },
        ) => {
            n1 == n2
                && match (c1, c2) {
                    (Some(x), Some(y)) => loc_eq(ctx, *x, *y),
                    (x, y) => x == y,
                }
        }
        (
            LocData::Fused {
                locs: l1,
                metadata: m1,
            },
            LocData::Fused {
                locs: l2,
                metadata: m2,
            },
        ) => {
            m1 == m2
                && l1.len() == l2.len()
                && l1.iter().zip(l2.iter()).all(|(x, y)| loc_eq(ctx, *x, *y))
        }
        (
            LocData::CallSite {
                callee: e1,
                caller: r1,
            },
            LocData::CallSite {
                callee: e2,
                caller: r2,
            },
        ) => loc_eq(ctx, *e1, *e2) && loc_eq(ctx, *r1, *r2),
        (x, y) => x == y,
    }
}

/// Decimal or `0x` hexadecimal integer text.
fn parse_int_text(s: &str) -> Option<i128> {
    if let Some(h) = s.strip_prefix("0x") {
        u128::from_str_radix(h, 16)
            .ok()
            .and_then(|v| i128::try_from(v).ok())
    } else {
        s.parse::<i128>().ok()
    }
}

/// Does `v` fit in an integer of `width` bits (as signed or unsigned)?
fn int_fits(v: i128, width: u32, signedness: Signedness) -> bool {
    let w = width as i128;
    if width >= 128 {
        return true;
    }
    let umax = (1i128 << w) - 1;
    let smin = -(1i128 << (w - 1));
    match signedness {
        Signedness::Unsigned => (0..=umax).contains(&v),
        Signedness::Signed => (smin..=umax >> 1).contains(&v),
        Signedness::Signless => (smin..=umax).contains(&v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_names() {
        assert_eq!(name_number("%0"), Some(0));
        assert_eq!(name_number("%42"), Some(42));
        assert_eq!(name_number("%65535"), Some(65535));
        for other in [
            "%", "%01", "%00", "%65536", "%123456", "%arg0", "%4x", "%c1_i32", "0",
        ] {
            assert_eq!(name_number(other), None, "{other}");
        }
    }

    #[test]
    fn scope_values_keep_each_name_in_one_place() {
        let mut s = ScopeValues::default();
        let v = |i| SmallVec::from_elem(ValueId::from_index(i), 1);
        assert_eq!(s.define("%3", (v(3), 30)), Ok(()));
        assert_eq!(s.define("%arg0", (v(9), 90)), Ok(()));
        assert_eq!(s.define("%03", (v(4), 40)), Ok(()));
        assert_eq!(s.define("%3", (v(5), 50)), Err(30));
        assert_eq!(s.define("%arg0", (v(5), 50)), Err(90));
        assert_eq!(s.get("%3").map(|e| e.1), Some(30));
        assert_eq!(s.get("%03").map(|e| e.1), Some(40));
        assert_eq!(s.get("%2").map(|e| e.1), None);
        assert_eq!(s.get("%100").map(|e| e.1), None);
        s.clear();
        assert!(s.get("%3").is_none() && s.get("%arg0").is_none());
    }

    #[test]
    fn locations_count_lines_across_calls() {
        let mut ctx = Context::new();
        let text = "module {\n  \"a.b\"() : () -> ()\n\n    \"c.d\"() : () -> ()\n}\n";
        let mut p = OpAsmParser::new(&mut ctx, "t.mlir", text, 5);
        assert_eq!(p.line_col(0), (5, 1));
        assert_eq!(p.line_col(11), (6, 3));
        assert_eq!(p.line_col(35), (8, 5));
        // Going back restarts from the top.
        assert_eq!(p.line_col(9), (6, 1));
        assert_eq!(p.line_col(text.len()), (10, 1));
    }
}
