//! `symbol-dce`: erase symbols that nothing live refers to (MLIR's
//! `SymbolDCE`).
//!
//! Liveness starts from every op of the symbol table that is not a symbol,
//! and from every symbol that cannot be discarded: a public one, or, in a
//! table visible from outside (the anchor is a nested, non-private symbol
//! table), any non-private one. It spreads through the symbol references
//! held by live ops (and the ops nested in them), resolved from the table
//! holding the live op; a live symbol table is processed recursively, its
//! own symbols being hidden if it is private or the outer table is.
//!
//! Invariants:
//! - Only symbols (ops defining a `sym_name`) directly in a symbol table are
//!   erased, and only dead ones; a dead symbol table goes with its contents.
//! - References that do not resolve are ignored, as in MLIR.
//! - The anchor must hold a symbol table; a potentially unknown symbol table
//!   (unregistered op with one region) makes the analysis fail.

use crate::check_options;
use lockstep_ir::symbol::{SymbolTables, Visibility, is_symbol, symbol_uses, visibility};
use lockstep_ir::{Context, Diagnostic, OpId, Rewriter, Traits};
use lockstep_pass::{Pass, PassContext, PassInfo};
use rustc_hash::FxHashSet;

pub static INFO: PassInfo = PassInfo {
    argument: "symbol-dce",
    description: "Eliminate dead symbols",
    options: &[],
    create: |o| {
        check_options(o, INFO.options)?;
        Ok(Box::new(SymbolDce))
    },
};

pub struct SymbolDce;

impl Pass for SymbolDce {
    fn argument(&self) -> &'static str {
        "symbol-dce"
    }
    fn name(&self) -> &'static str {
        "SymbolDCE"
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let n = symbol_dce(&mut Rewriter::new(cx.ctx), op)?;
        cx.stats.add("num-dce'd", "Number of symbols DCE'd", n);
        if n == 0 {
            cx.mark_all_preserved();
        }
        Ok(())
    }
}

/// Erases the dead symbols under the symbol table `table`; returns how many.
pub fn symbol_dce(rw: &mut Rewriter<'_>, table: OpId) -> Result<u64, Diagnostic> {
    let ctx = &*rw.ctx;
    if !ctx.has_trait(table, Traits::SYMBOL_TABLE) {
        return Err(Diagnostic::error(
            ctx.loc(table),
            format!(
                "'{}' op  was scheduled to run under SymbolDCE, but does not define a symbol table",
                ctx.name_of(table)
            ),
        ));
    }
    // A top-level table (or one that is not a symbol) is seen by nobody
    // else; a nested symbol table is visible unless it is private.
    let hidden = if ctx.parent_op(table).is_some() && is_symbol(ctx, table) {
        visibility(ctx, table) == Visibility::Private
    } else {
        true
    };
    let mut live = FxHashSet::default();
    let mut tables = SymbolTables::default();
    compute_liveness(ctx, table, hidden, &mut live, &mut tables)?;

    // Post-order, so nested tables lose their dead symbols before a dead
    // table itself goes.
    let mut dead = Vec::new();
    ctx.walk_post(table, &mut |t| {
        if !ctx.has_trait(t, Traits::SYMBOL_TABLE) {
            return;
        }
        for &r in ctx.regions(t).iter().take(1) {
            for &b in ctx.region_blocks(r) {
                for o in ctx.block_ops(b) {
                    if is_symbol(ctx, o)
                        && !live.contains(&o)
                        && !ctx.has_trait(o, Traits::TERMINATOR)
                    {
                        dead.push(o);
                    }
                }
            }
        }
    });
    let erased = dead.len() as u64;
    for o in dead {
        rw.erase_op(o);
    }
    Ok(erased)
}

fn compute_liveness(
    ctx: &Context,
    table: OpId,
    hidden: bool,
    live: &mut FxHashSet<OpId>,
    tables: &mut SymbolTables,
) -> Result<(), Diagnostic> {
    let mut worklist: Vec<OpId> = Vec::new();
    for &r in ctx.regions(table).iter().take(1) {
        for &b in ctx.region_blocks(r) {
            for o in ctx.block_ops(b) {
                if !is_symbol(ctx, o) {
                    worklist.push(o);
                    continue;
                }
                let vis = visibility(ctx, o);
                let discardable =
                    (hidden || vis == Visibility::Private) && vis != Visibility::Public;
                if !discardable && live.insert(o) {
                    worklist.push(o);
                }
            }
        }
    }
    while let Some(o) = worklist.pop() {
        if ctx.has_trait(o, Traits::SYMBOL_TABLE) {
            let sym_hidden =
                hidden || !is_symbol(ctx, o) || visibility(ctx, o) == Visibility::Private;
            compute_liveness(ctx, o, sym_hidden, live, tables)?;
        }
        let Some(uses) = symbol_uses(ctx, o) else {
            return Err(Diagnostic::error(
                ctx.loc(o),
                "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses",
            ));
        };
        let Some(scope) = ctx.parent_op(o) else {
            continue;
        };
        for (_, reference) in uses {
            if let Some(resolved) = tables.resolve(ctx, scope, reference) {
                for s in resolved {
                    if live.insert(s) {
                        worklist.push(s);
                    }
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::testing::{funcs, parse_full, run_pass};

    #[test]
    fn keeps_what_public_symbols_reach() {
        let src = r#"module {
  func.func @main() {
    call @used() : () -> ()
    return
  }
  func.func private @used() {
    return
  }
  func.func private @unused() {
    call @also_unused() : () -> ()
    return
  }
  func.func private @also_unused() {
    return
  }
}
"#;
        let (mut ctx, m) = parse_full(src);
        let stats = run_pass(&mut ctx, m, "symbol-dce", &[]);
        assert_eq!(stats.get("num-dce'd"), Some(2));
        let names: Vec<String> = funcs(&ctx, m)
            .iter()
            .map(|&f| {
                ctx.str(lockstep_ir::symbol::symbol_name(&ctx, f).unwrap())
                    .to_string()
            })
            .collect();
        assert_eq!(names, ["main", "used"]);
    }

    #[test]
    fn unknown_symbol_tables_are_an_error() {
        let src =
            "module {\n  \"foo.table\"() ({\n    \"foo.x\"() : () -> ()\n  }) : () -> ()\n}\n";
        let (mut ctx, m) = parse_full(src);
        let info = crate::ALL_PASSES
            .iter()
            .find(|p| p.argument == "symbol-dce")
            .unwrap();
        let mut pass = (info.create)(&Default::default()).unwrap();
        let mut am = lockstep_pass::AnalysisManager::default();
        let mut st = lockstep_pass::Statistics::default();
        let mut cx = lockstep_pass::PassContext::new(&mut ctx, &mut am, &mut st);
        let err = pass.run(m, &mut cx).expect_err("an error");
        assert!(
            err.message.contains("potentially unknown symbol table"),
            "{}",
            err.message
        );
    }
}
