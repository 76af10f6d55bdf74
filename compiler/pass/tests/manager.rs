//! Pass manager behaviour with passes and a dialect defined here: pipeline
//! building and errors, nesting, instrumentation output and ordering,
//! analysis invalidation, verification, failures, statistics, timing, and
//! identical results with and without threading.

use lockstep_ir::opdef::{Arity, AttrSpec, RegionSpec, ValueSpec, constraints};
use lockstep_ir::{
    AttrData, Context, Diagnostic, Dialect, InsertPoint, OpDef, OpId, OperationState, PrintOptions,
    Rewriter, Traits, parse_source, print_op,
};
use lockstep_pass::{
    Analysis, OptionSpec, Pass, PassContext, PassInfo, PassManager, PassOptions, PassRegistry,
    PassSelection, RemarkFilter, StatisticsDisplay,
};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

// ----- a test dialect: an isolated, symbol-defining function op and a generic op -----

static ANY_VARIADIC: [ValueSpec; 1] = [ValueSpec {
    name: "xs",
    constraint: &constraints::ANY,
    arity: Arity::Variadic,
}];
static FUNC: OpDef = OpDef {
    name: "t.func",
    attrs: &[AttrSpec {
        name: "sym_name",
        constraint: &constraints::STRING,
        optional: false,
    }],
    regions: &[RegionSpec {
        name: "body",
        single_block: true,
    }],
    traits: Traits::ISOLATED_FROM_ABOVE
        .union(Traits::SYMBOL)
        .union(Traits::NO_TERMINATOR)
        .union(Traits::SINGLE_BLOCK),
    ..OpDef::DEFAULT
};
static OP: OpDef = OpDef {
    name: "t.op",
    operands: &ANY_VARIADIC,
    results: &ANY_VARIADIC,
    ..OpDef::DEFAULT
};
static T: Dialect = Dialect {
    name: "t",
    summary: "test",
    ops: &[&FUNC, &OP],
    materialize_constant: None,
    allows_unknown_ops: true,
};

fn context() -> Context {
    let mut c = Context::new();
    c.register_dialect(&T);
    c
}

fn func_src(name: &str, n: usize) -> String {
    let mut s = "\"t.func\"() ({\n  %0 = \"t.op\"() : () -> i32\n".to_string();
    for i in 0..n {
        s.push_str(&format!("  %{} = \"t.op\"(%{}) : (i32) -> i32\n", i + 1, i));
    }
    s.push_str(&format!("}}) {{sym_name = \"{name}\"}} : () -> ()\n"));
    s
}

fn module(funcs: &[(&str, usize)]) -> String {
    funcs.iter().map(|(n, k)| func_src(n, *k)).collect()
}

fn parse(ctx: &mut Context, src: &str) -> OpId {
    parse_source(ctx, "test.mlir", src, 1).unwrap_or_else(|d| panic!("{}", d.message))
}

fn sym_of(ctx: &Context, op: OpId) -> Option<String> {
    match ctx.attr_of(op, "sym_name").map(|a| ctx.attr_data(a)) {
        Some(AttrData::String(s)) => Some(ctx.str(*s).to_string()),
        _ => None,
    }
}

fn first_block(ctx: &Context, op: OpId) -> lockstep_ir::BlockId {
    ctx.entry_block(ctx.region(op, 0)).expect("a block")
}

// ----- test passes -----

/// Appends `"t.op"() {mark = TAG}` to the anchor's first block.
struct Mark {
    tag: String,
}
static MARK: PassInfo = PassInfo {
    argument: "mark",
    description: "Append a marker op",
    options: &[OptionSpec {
        name: "tag",
        description: "the marker text",
        kind: "string",
        default: "m",
    }],
    create: |o| {
        Ok(Box::new(Mark {
            tag: o.get("tag").unwrap_or("m").to_string(),
        }))
    },
};
static ON_POOL: AtomicBool = AtomicBool::new(false);
impl Pass for Mark {
    fn argument(&self) -> &'static str {
        "mark"
    }
    fn name(&self) -> &'static str {
        "Mark"
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        if rayon::current_thread_index().is_some() {
            ON_POOL.store(true, Ordering::SeqCst);
        }
        let b = first_block(cx.ctx, op);
        let loc = cx.ctx.unknown_loc();
        let tag = cx.ctx.str_attr(&self.tag);
        let name = cx.ctx.op_name("t.op");
        let mark = cx.ctx.sym("mark");
        let mut rw = Rewriter::new(cx.ctx);
        rw.set_insertion_point(InsertPoint::BlockEnd(b));
        rw.create(OperationState::new(name, loc).attr(mark, tag));
        cx.stats.add("num-marks", "Number of markers added", 1);
        Ok(())
    }
}

/// Changes nothing.
struct NoOp;
static NOOP: PassInfo = PassInfo {
    argument: "noop",
    description: "Do nothing",
    options: &[],
    create: |_| Ok(Box::new(NoOp)),
};
impl Pass for NoOp {
    fn argument(&self) -> &'static str {
        "noop"
    }
    fn name(&self) -> &'static str {
        "NoOp"
    }
    fn run(&mut self, _: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        cx.mark_all_preserved();
        Ok(())
    }
}

/// Declares that it changes the set of kernels (as kernel fusion does); runs as `noop`.
struct Rekernel;
static REKERNEL: PassInfo = PassInfo {
    argument: "rekernel",
    description: "Claim to change kernels",
    options: &[],
    create: |_| Ok(Box::new(Rekernel)),
};
impl Pass for Rekernel {
    fn argument(&self) -> &'static str {
        "rekernel"
    }
    fn name(&self) -> &'static str {
        "Rekernel"
    }
    fn changes_kernels(&self) -> bool {
        true
    }
    fn run(&mut self, _: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        cx.mark_all_preserved();
        Ok(())
    }
}

/// Anchored on `t.func`: sets `visited` on it.
struct Visit;
static VISIT: PassInfo = PassInfo {
    argument: "visit",
    description: "Mark functions visited",
    options: &[],
    create: |_| Ok(Box::new(Visit)),
};
impl Pass for Visit {
    fn argument(&self) -> &'static str {
        "visit"
    }
    fn name(&self) -> &'static str {
        "Visit"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("t.func")
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let u = cx.ctx.unit_attr();
        Rewriter::new(cx.ctx).set_attr(op, "visited", u);
        Ok(())
    }
}

/// Fails on an anchor whose symbol is `bad`.
struct Fail;
static FAIL: PassInfo = PassInfo {
    argument: "fail",
    description: "Fail on @bad",
    options: &[],
    create: |_| Ok(Box::new(Fail)),
};
impl Pass for Fail {
    fn argument(&self) -> &'static str {
        "fail"
    }
    fn name(&self) -> &'static str {
        "Fail"
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        cx.mark_all_preserved();
        match sym_of(cx.ctx, op) {
            Some(s) if s == "bad" => Err(Diagnostic::error(cx.ctx.loc(op), "failing on @bad")),
            _ => Ok(()),
        }
    }
}

/// Emits a remark on every `t.op` directly in the anchor.
struct Remark;
static REMARK: PassInfo = PassInfo {
    argument: "remark",
    description: "Remark on ops",
    options: &[],
    create: |_| Ok(Box::new(Remark)),
};
impl Pass for Remark {
    fn argument(&self) -> &'static str {
        "remark"
    }
    fn name(&self) -> &'static str {
        "Remark"
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let b = first_block(cx.ctx, op);
        let ops: Vec<OpId> = cx.ctx.block_ops(b).collect();
        for o in ops {
            let loc = cx.ctx.loc(o);
            let text = format!("op in @{}", sym_of(cx.ctx, op).unwrap_or_default());
            cx.emit_remark(loc, text);
        }
        // Shown only when the run asks for category `test` (`--remarks=test`).
        let loc = cx.ctx.loc(op);
        cx.emit_optimization_remark("test", loc, "explained");
        cx.mark_all_preserved();
        Ok(())
    }
}

/// Sets `broken` on the anchor (rejected by the test verifier).
struct Break;
static BREAK: PassInfo = PassInfo {
    argument: "break",
    description: "Make the anchor invalid",
    options: &[],
    create: |_| Ok(Box::new(Break)),
};
impl Pass for Break {
    fn argument(&self) -> &'static str {
        "break"
    }
    fn name(&self) -> &'static str {
        "Break"
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        let u = cx.ctx.unit_attr();
        Rewriter::new(cx.ctx).set_attr(op, "broken", u);
        Ok(())
    }
}

fn test_verifier(ctx: &Context, op: OpId) -> Result<(), Vec<Diagnostic>> {
    lockstep_ir::verify::verify(ctx, op)?;
    let bad: Vec<Diagnostic> = ctx
        .collect_pre(op)
        .into_iter()
        .filter(|&o| ctx.attr_of(o, "broken").is_some())
        .map(|o| Diagnostic::error(ctx.loc(o), "op is broken"))
        .collect();
    if bad.is_empty() { Ok(()) } else { Err(bad) }
}

/// Counts the ops under the anchor; counts its own computations.
struct OpCount(usize);
impl Analysis for OpCount {
    const NAME: &'static str = "OpCount";
    fn compute(ctx: &Context, op: OpId) -> Self {
        OpCount(ctx.collect_pre(op).len())
    }
}

/// Uses `OpCount`; with `keep`, changes nothing and says so; with
/// `preserve`, changes the IR but keeps `OpCount`; else drops it.
struct Analyze {
    mode: String,
}
static ANALYZE: PassInfo = PassInfo {
    argument: "analyze",
    description: "Use an analysis",
    options: &[OptionSpec {
        name: "mode",
        description: "keep, preserve or drop",
        kind: "string",
        default: "drop",
    }],
    create: |o| {
        let mode = o.get("mode").unwrap_or("drop");
        if !["keep", "preserve", "drop"].contains(&mode) {
            return Err(format!("invalid mode '{mode}'"));
        }
        Ok(Box::new(Analyze {
            mode: mode.to_string(),
        }))
    },
};
impl Pass for Analyze {
    fn argument(&self) -> &'static str {
        "analyze"
    }
    fn name(&self) -> &'static str {
        "Analyze"
    }
    fn run(&mut self, op: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        if !cx.analyses.is_cached::<OpCount>(op) {
            cx.stats.add("computed", "Analyses computed", 1);
        }
        let n = cx.analyses.get::<OpCount>(cx.ctx, op).0;
        cx.stats.add("ops-seen", "Ops counted", n as u64);
        match self.mode.as_str() {
            "keep" => cx.mark_all_preserved(),
            "preserve" => cx.preserve(OpCount::NAME),
            _ => {}
        }
        Ok(())
    }
}

/// Not registered and not clonable: must run on one thread.
struct Local {
    runs: Arc<AtomicUsize>,
}
impl Pass for Local {
    fn argument(&self) -> &'static str {
        "local"
    }
    fn name(&self) -> &'static str {
        "Local"
    }
    fn run(&mut self, _: OpId, cx: &mut PassContext<'_>) -> Result<(), Diagnostic> {
        self.runs.fetch_add(1, Ordering::SeqCst);
        cx.mark_all_preserved();
        Ok(())
    }
}

fn registry() -> PassRegistry {
    let mut r = PassRegistry::new();
    for info in [
        &MARK, &NOOP, &VISIT, &FAIL, &REMARK, &BREAK, &ANALYZE, &REKERNEL,
    ] {
        assert!(r.register(info));
    }
    assert!(
        !r.register(&MARK),
        "a second registration of an argument is refused"
    );
    r
}

/// A pass manager whose output is collected into a string.
fn manager(pipeline: &str) -> (PassManager, Arc<Mutex<String>>) {
    let mut pm = PassManager::parse(pipeline, &registry()).unwrap_or_else(|e| panic!("{e}"));
    let out = Arc::new(Mutex::new(String::new()));
    let sink = out.clone();
    pm.set_output(Box::new(move |s| sink.lock().unwrap().push_str(s)));
    pm.verifier = test_verifier;
    (pm, out)
}

fn text(out: &Arc<Mutex<String>>) -> String {
    out.lock().unwrap().clone()
}

// ----- pipelines -----

#[test]
fn dump_pipeline_matches_mlir_shape() {
    let (pm, _) = manager("builtin.module(t.func(mark{tag=x},noop),mark)");
    assert_eq!(
        pm.dump_pipeline(),
        "Pass Manager with 2 passes:\nbuiltin.module(\n  t.func(\n    mark{tag=x},\n    noop\n  ),\n  mark{tag=m}\n)\n\n"
    );
    assert_eq!(
        pm.to_pipeline_string(),
        "builtin.module(t.func(mark{tag=x},noop),mark{tag=m})"
    );
    let (pm, _) = manager("builtin.module()");
    assert_eq!(
        pm.dump_pipeline(),
        "Pass Manager with 0 passes:\nbuiltin.module(\n\n)\n\n"
    );
    let (pm, _) = manager(" noop , mark ");
    assert_eq!(pm.to_pipeline_string(), "any(noop,mark{tag=m})");
}

#[test]
fn kernel_changing_passes_are_removed_at_any_depth() {
    let (mut pm, _) =
        manager("builtin.module(t.func(rekernel),noop,t.func(mark{tag=x},rekernel),rekernel)");
    assert_eq!(
        pm.remove_kernel_changing_passes(),
        ["rekernel", "rekernel", "rekernel"]
    );
    // The nest that held only `rekernel` is gone; the other keeps `mark`.
    assert_eq!(
        pm.to_pipeline_string(),
        "builtin.module(noop,t.func(mark{tag=x}))"
    );
    assert!(pm.remove_kernel_changing_passes().is_empty());
}

#[test]
fn passes_anchored_elsewhere_are_nested_implicitly() {
    let (pm, _) = manager("builtin.module(noop,visit,visit,noop,visit)");
    assert_eq!(
        pm.to_pipeline_string(),
        "builtin.module(noop,t.func(visit,visit),noop,t.func(visit))"
    );
    let (pm, _) = manager("t.func(visit)");
    assert_eq!(pm.to_pipeline_string(), "t.func(visit)");

    // Under `any`, the implicit manager runs on the functions of a module
    // and directly on a function.
    let (mut pm, _) = manager("builtin.module(any(visit))");
    let mut ctx = context();
    let m = parse(&mut ctx, &module(&[("f", 1), ("g", 1)]));
    let r = pm.run(&mut ctx, m);
    assert!(!r.failed, "{:?}", r.diagnostics);
    let out = print_op(&ctx, m, PrintOptions::default());
    assert_eq!(out.matches("visited").count(), 2, "{out}");
}

fn err(pipeline: &str) -> String {
    match PassManager::parse(pipeline, &registry()) {
        Ok(_) => panic!("{pipeline} parsed"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn unknown_names_get_suggestions_and_a_caret() {
    assert_eq!(
        err("builtin.module(t.func(makr))"),
        "pass-pipeline:1:23: error: 'makr' does not refer to a registered pass or pass pipeline; did you mean 'mark'?\n\
         builtin.module(t.func(makr))\n                      ^"
    );
    assert_eq!(
        err("builtin.module(mark{tga=1})"),
        "pass-pipeline:1:21: error: no such option 'tga' for pass 'mark'; did you mean 'tag'?\n\
         builtin.module(mark{tga=1})\n                    ^"
    );
    assert_eq!(
        err("analyze{mode=x}"),
        "pass-pipeline:1:8: error: invalid options for pass 'analyze': invalid mode 'x'\nanalyze{mode=x}\n       ^"
    );
    assert!(
        err("zzzzzz").contains("'zzzzzz' does not refer to a registered pass or pass pipeline\n")
    );
    assert!(err("fial").contains("did you mean 'fail'?"));
    assert!(err("builtin.module(nop)").contains("did you mean 'noop'?"));
    assert!(err("builtin.module(noop").contains("unbalanced parentheses"));
}

#[test]
fn wrong_root_anchor_is_an_error() {
    let (mut pm, _) = manager("t.func(noop)");
    let mut ctx = context();
    let m = parse(&mut ctx, &module(&[("f", 1)]));
    let r = pm.run(&mut ctx, m);
    assert!(r.failed);
    assert_eq!(
        r.diagnostics[0].message,
        "can't run 't.func' pass manager on 'builtin.module' op"
    );
}

// ----- instrumentation -----

fn run_with(pipeline: &str, src: &str, setup: impl Fn(&mut PassManager)) -> (String, String, bool) {
    let (mut pm, out) = manager(pipeline);
    setup(&mut pm);
    let mut ctx = context();
    let m = parse(&mut ctx, src);
    let r = pm.run(&mut ctx, m);
    (
        text(&out),
        print_op(&ctx, m, PrintOptions::default()),
        r.failed,
    )
}

#[test]
fn dumps_before_and_after_in_pipeline_order() {
    let src = module(&[("f", 0), ("g", 0)]);
    for threading in [true, false] {
        let (out, _, failed) = run_with("builtin.module(noop,t.func(mark,noop))", &src, |pm| {
            pm.threading = threading;
            pm.ir_printing.before = PassSelection::Only(vec!["mark".into()]);
            pm.ir_printing.after = PassSelection::All;
        });
        assert!(!failed);
        let headers: Vec<&str> = out
            .lines()
            .filter(|l| l.starts_with("// -----//"))
            .collect();
        assert_eq!(
            headers,
            vec![
                "// -----// IR Dump After NoOp (noop) //----- //",
                "// -----// IR Dump Before Mark (mark) //----- //",
                "// -----// IR Dump After Mark (mark) //----- //",
                "// -----// IR Dump After NoOp (noop) //----- //",
                "// -----// IR Dump Before Mark (mark) //----- //",
                "// -----// IR Dump After Mark (mark) //----- //",
                "// -----// IR Dump After NoOp (noop) //----- //",
            ],
            "threading {threading}"
        );
        // The module dump ends with two empty lines, a function dump with one.
        assert!(
            out.starts_with("// -----// IR Dump After NoOp (noop) //----- //\nmodule {\n"),
            "{out}"
        );
        assert!(
            out.contains("\n}\n\n\n// -----// IR Dump Before Mark (mark)"),
            "{out}"
        );
        let f_after = "// -----// IR Dump After Mark (mark) //----- //\n\"t.func\"() <{sym_name = \"f\"}> ({\n  %0 = \"t.op\"() : () -> i32\n  \"t.op\"() {mark = \"m\"} : () -> ()\n}) : () -> ()\n\n// -----";
        assert!(out.contains(f_after), "{out}");
    }
}

#[test]
fn adjacent_nested_pipelines_are_merged_like_mlir() {
    let src = module(&[("f", 0), ("g", 0)]);
    for threading in [true, false] {
        let (mut pm, out) = manager("builtin.module(t.func(mark{tag=a}),t.func(mark{tag=b}))");
        pm.threading = threading;
        pm.timing = true;
        pm.ir_printing.after = PassSelection::All;
        let mut ctx = context();
        let m = parse(&mut ctx, &src);
        assert!(!pm.run(&mut ctx, m).failed);
        let tags: Vec<String> = text(&out)
            .lines()
            .filter(|l| l.contains("{mark = "))
            .map(|l| l.trim().to_string())
            .collect();
        // a then b on @f (two dumps, the second with both marks), then @g.
        assert_eq!(tags.len(), 6, "{tags:?}");
        let rows: Vec<String> = pm.timing_rows().into_iter().map(|r| r.name).collect();
        assert_eq!(rows, vec!["'t.func' Pipeline", "Mark", "Mark"]);
        let all = text(&out);
        let dumps: Vec<&str> = all
            .split("// -----//")
            .skip(1)
            .map(|d| d.split_once("sym_name = \"").unwrap().1)
            .collect();
        let order: Vec<&str> = dumps.iter().map(|d| &d[..1]).collect();
        assert_eq!(order, vec!["f", "f", "g", "g"]);
    }
}

#[test]
fn after_change_skips_unchanged_and_module_scope_prints_the_module() {
    let src = module(&[("f", 0), ("g", 0)]);
    let (out, _, _) = run_with("builtin.module(t.func(noop,mark))", &src, |pm| {
        pm.ir_printing.after = PassSelection::All;
        pm.ir_printing.after_change = true;
    });
    let headers: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("// -----//"))
        .collect();
    assert_eq!(
        headers,
        vec!["// -----// IR Dump After Mark (mark) //----- //"; 2]
    );

    let (out, _, _) = run_with("builtin.module(t.func(mark))", &src, |pm| {
        pm.ir_printing.after = PassSelection::All;
        pm.ir_printing.module_scope = true;
    });
    let headers: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("// -----//"))
        .collect();
    assert_eq!(
        headers,
        vec![
            "// -----// IR Dump After Mark (mark) ('t.func' operation: @f) //----- //",
            "// -----// IR Dump After Mark (mark) ('t.func' operation: @g) //----- //",
        ]
    );
    // The first dump shows the whole module, with @f changed and @g not yet.
    let first = out
        .split("// -----// IR Dump After Mark (mark) ('t.func' operation: @g)")
        .next()
        .unwrap();
    assert!(first.contains("sym_name = \"g\""), "{first}");
    assert_eq!(first.matches("mark = \"m\"").count(), 1, "{first}");
    assert!(first.ends_with("\n}\n\n\n"), "{first:?}");
}

fn tree_files(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().to_string_lossy().to_string();
                out.push((rel, std::fs::read_to_string(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn tree_dir_layout_matches_mlir() {
    let src = module(&[("f", 0), ("g", 0)]);
    let mut results = Vec::new();
    for threading in [true, false] {
        let dir =
            std::env::temp_dir().join(format!("lockstep-tree-{}-{threading}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let (out, _, failed) = run_with(
            "builtin.module(noop,t.func(mark,noop),mark,mark)",
            &src,
            |pm| {
                pm.threading = threading;
                pm.ir_printing.after = PassSelection::All;
                pm.ir_printing.before = PassSelection::Only(vec!["mark".into()]);
                pm.ir_printing.tree_dir = Some(dir.clone());
            },
        );
        assert!(!failed);
        assert!(out.is_empty(), "tree dumps do not go to the output: {out}");
        let files = tree_files(&dir);
        let names: Vec<&str> = files.iter().map(|f| f.0.as_str()).collect();
        assert_eq!(
            names,
            vec![
                "builtin_module_no-symbol-name/0_noop.mlir",
                "builtin_module_no-symbol-name/1_mark.mlir",
                "builtin_module_no-symbol-name/2_mark.mlir",
                "builtin_module_no-symbol-name/3_mark.mlir",
                "builtin_module_no-symbol-name/4_mark.mlir",
                "builtin_module_no-symbol-name/t_func_f/0_0_mark.mlir",
                "builtin_module_no-symbol-name/t_func_f/0_1_mark.mlir",
                "builtin_module_no-symbol-name/t_func_f/0_2_noop.mlir",
                "builtin_module_no-symbol-name/t_func_g/0_0_mark.mlir",
                "builtin_module_no-symbol-name/t_func_g/0_1_mark.mlir",
                "builtin_module_no-symbol-name/t_func_g/0_2_noop.mlir",
            ]
        );
        assert!(files[5].1.starts_with(
            "// -----// IR Dump Before Mark (mark) //----- //\n\"t.func\"() <{sym_name"
        ));
        let _ = std::fs::remove_dir_all(&dir);
        results.push(files);
    }
    assert_eq!(results[0], results[1]);
}

#[test]
fn ancestors_never_dumped_count_from_one() {
    // MLIR reads an undumped ancestor's counter as 0 and stores it, so the
    // module's first own dump after its functions' dumps is numbered 1.
    let src = module(&[("f", 0)]);
    let dir = std::env::temp_dir().join(format!("lockstep-tree-anc-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    run_with("builtin.module(t.func(mark),mark)", &src, |pm| {
        pm.ir_printing.after = PassSelection::All;
        pm.ir_printing.tree_dir = Some(dir.clone());
    });
    let names: Vec<String> = tree_files(&dir).into_iter().map(|f| f.0).collect();
    assert_eq!(
        names,
        vec![
            "builtin_module_no-symbol-name/1_mark.mlir",
            "builtin_module_no-symbol-name/t_func_f/0_0_mark.mlir"
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ----- analyses -----

#[test]
fn analyses_are_invalidated_unless_preserved() {
    // Two functions: each computation is counted once per function.
    let src = module(&[("f", 2), ("g", 1)]);
    let count = |pipeline: &str| {
        let (mut pm, _) = manager(pipeline);
        pm.threading = false;
        let mut ctx = context();
        let m = parse(&mut ctx, &src);
        assert!(!pm.run(&mut ctx, m).failed);
        pm.statistics_of("analyze").get("computed").unwrap_or(0)
    };
    assert_eq!(count("builtin.module(t.func(analyze))"), 2);
    assert_eq!(
        count("builtin.module(t.func(analyze{mode=keep},analyze{mode=keep},analyze))"),
        2
    );
    assert_eq!(
        count("builtin.module(t.func(analyze{mode=preserve},analyze))"),
        2
    );
    assert_eq!(
        count("builtin.module(t.func(analyze{mode=drop},analyze))"),
        4
    );
    assert_eq!(
        count("builtin.module(t.func(analyze{mode=keep},mark,analyze))"),
        4
    );
    // Adjacent nested pipelines are merged, so analyses carry over...
    assert_eq!(
        count("builtin.module(t.func(analyze{mode=keep}),t.func(analyze))"),
        2
    );
    // ...but each sweep over the functions has its own analyses.
    assert_eq!(
        count("builtin.module(t.func(analyze{mode=keep}),noop,t.func(analyze))"),
        4
    );
}

// ----- verification and failures -----

#[test]
fn verifier_failure_stops_the_pipeline() {
    let src = module(&[("f", 0), ("g", 0)]);
    for threading in [true, false] {
        let (out, ir, failed) = run_with("builtin.module(t.func(break,mark))", &src, |pm| {
            pm.threading = threading;
            pm.ir_printing.after = PassSelection::All;
        });
        assert!(failed);
        assert!(
            !out.contains("After Break"),
            "no dump after a failed verification: {out}"
        );
        assert!(!ir.contains("mark"), "later passes did not run: {ir}");
    }
    // Without verify-each, the broken IR goes on.
    let (_, ir, failed) = run_with("builtin.module(t.func(break,mark))", &src, |pm| {
        pm.verify_each = false
    });
    assert!(!failed);
    assert_eq!(ir.matches("mark").count(), 2);
}

#[test]
fn pass_failure_is_reported_and_later_anchors_are_untouched() {
    let src = module(&[("a", 0), ("bad", 0), ("c", 0)]);
    let mut seen = Vec::new();
    for threading in [true, false] {
        let (mut pm, out) = manager("builtin.module(t.func(mark,fail))");
        pm.threading = threading;
        pm.ir_printing.after = PassSelection::All;
        let mut ctx = context();
        let m = parse(&mut ctx, &src);
        let r = pm.run(&mut ctx, m);
        assert!(r.failed);
        assert_eq!(r.diagnostics.last().unwrap().message, "failing on @bad");
        let ir = print_op(&ctx, m, PrintOptions::default());
        // @a and @bad were marked before the failure, @c never ran.
        assert_eq!(ir.matches("mark = ").count(), 2, "{ir}");
        seen.push((
            text(&out),
            ir,
            pm.statistics_report(StatisticsDisplay::Pipeline),
        ));
    }
    assert_eq!(seen[0], seen[1]);
}

#[test]
fn remarks_are_collected_in_order() {
    let src = module(&[("f", 1), ("g", 0)]);
    for threading in [true, false] {
        let (mut pm, _) = manager("builtin.module(t.func(remark))");
        pm.threading = threading;
        let mut ctx = context();
        let m = parse(&mut ctx, &src);
        let r = pm.run(&mut ctx, m);
        assert!(!r.failed);
        let msgs: Vec<&str> = r.diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(msgs, vec!["op in @f", "op in @f", "op in @g"]);
    }
}

#[test]
fn optimization_remarks_follow_the_requested_categories() {
    let src = module(&[("f", 1)]);
    for (filter, shown) in [
        ("", false),
        ("code-motion", false),
        ("code-motion, test", true),
        ("all", true),
    ] {
        let (mut pm, _) = manager("builtin.module(t.func(remark))");
        pm.remarks = RemarkFilter::parse(filter);
        let mut ctx = context();
        let m = parse(&mut ctx, &src);
        let r = pm.run(&mut ctx, m);
        assert!(!r.failed);
        let msgs: Vec<&str> = r.diagnostics.iter().map(|d| d.message.as_str()).collect();
        let mut expected = vec!["op in @f", "op in @f"];
        if shown {
            expected.push("[test] explained");
        }
        assert_eq!(msgs, expected, "--remarks={filter}");
    }
}

// ----- statistics and timing -----

#[test]
fn statistics_report_shape() {
    let src = module(&[("f", 0), ("g", 0)]);
    let (mut pm, _) = manager("builtin.module(t.func(mark,analyze),noop)");
    let mut ctx = context();
    let m = parse(&mut ctx, &src);
    assert!(!pm.run(&mut ctx, m).failed);
    assert_eq!(
        pm.statistics_report(StatisticsDisplay::Pipeline),
        "\
===-------------------------------------------------------------------------===
                         ... Pass statistics report ...
===-------------------------------------------------------------------------===
't.func' Pipeline
  Mark
    (S) 2 num-marks - Number of markers added
  Analyze
    (S) 2 computed - Analyses computed
    (S) 6 ops-seen - Ops counted
NoOp

"
    );
    assert_eq!(
        pm.statistics_report(StatisticsDisplay::List),
        "\
===-------------------------------------------------------------------------===
                         ... Pass statistics report ...
===-------------------------------------------------------------------------===
  Analyze
    (S) 2 computed - Analyses computed
    (S) 6 ops-seen - Ops counted
  Mark
    (S) 2 num-marks - Number of markers added
  NoOp

"
    );
    // A second run (as for the next --split-input-file chunk) accumulates.
    let mut ctx2 = context();
    let m2 = parse(&mut ctx2, &src);
    assert!(!pm.run(&mut ctx2, m2).failed);
    assert_eq!(pm.statistics_of("mark").get("num-marks"), Some(4));
}

#[test]
fn timing_rows_follow_the_pipeline() {
    let src = module(&[("f", 1), ("g", 1)]);
    for threading in [true, false] {
        let (mut pm, _) = manager("builtin.module(noop,t.func(analyze,mark))");
        pm.timing = true;
        pm.threading = threading;
        let mut ctx = context();
        let m = parse(&mut ctx, &src);
        assert!(!pm.run(&mut ctx, m).failed);
        let rows: Vec<(String, usize)> = pm
            .timing_rows()
            .into_iter()
            .map(|r| (r.name, r.depth))
            .collect();
        assert_eq!(
            rows,
            vec![
                ("NoOp".to_string(), 0),
                ("'t.func' Pipeline".to_string(), 0),
                ("Analyze".to_string(), 1),
                ("(A) OpCount".to_string(), 2),
                ("Mark".to_string(), 1),
            ]
        );
        for r in pm.timing_rows() {
            assert!(r.time.user >= r.time.wall || threading, "{r:?}");
        }
    }
}

// ----- threading -----

#[test]
fn threading_gives_identical_results() {
    let funcs: Vec<(String, usize)> = (0..40).map(|i| (format!("f{i}"), i % 7)).collect();
    let refs: Vec<(&str, usize)> = funcs.iter().map(|(n, k)| (n.as_str(), *k)).collect();
    let src = module(&refs);
    let pipeline = "builtin.module(t.func(mark{tag=a},visit,analyze,remark,mark{tag=b}),mark{tag=top},t.func(analyze{mode=keep}))";
    let mut results = Vec::new();
    for threading in [true, false] {
        let (mut pm, out) = manager(pipeline);
        pm.threading = threading;
        pm.ir_printing.after = PassSelection::All;
        pm.ir_printing.before = PassSelection::Only(vec!["visit".into()]);
        let mut ctx = context();
        let m = parse(&mut ctx, &src);
        ON_POOL.store(false, Ordering::SeqCst);
        let r = pm.run(&mut ctx, m);
        assert!(!r.failed, "{:?}", r.diagnostics);
        if threading {
            assert!(
                rayon::current_num_threads() < 2 || ON_POOL.load(Ordering::SeqCst),
                "ran in parallel"
            );
        }
        lockstep_ir::verify::verify(&ctx, m).unwrap();
        let msgs: Vec<String> = r.diagnostics.iter().map(|d| d.message.clone()).collect();
        results.push((
            print_op(
                &ctx,
                m,
                PrintOptions {
                    generic: true,
                    debug_info: true,
                },
            ),
            text(&out),
            pm.statistics_report(StatisticsDisplay::Pipeline),
            msgs,
        ));
    }
    assert_eq!(results[0].0, results[1].0);
    assert_eq!(results[0].1, results[1].1);
    assert_eq!(results[0].2, results[1].2);
    assert_eq!(results[0].3, results[1].3);
}

#[test]
fn unclonable_passes_run_sequentially() {
    let runs = Arc::new(AtomicUsize::new(0));
    let mut pm = PassManager::new("builtin.module");
    pm.nest("t.func")
        .add_pass(Box::new(Local { runs: runs.clone() }));
    let mut ctx = context();
    let m = parse(&mut ctx, &module(&[("f", 0), ("g", 0), ("h", 0)]));
    assert!(!pm.run(&mut ctx, m).failed);
    assert_eq!(runs.load(Ordering::SeqCst), 3);
    assert_eq!(pm.to_pipeline_string(), "builtin.module(t.func(local))");
}

#[test]
fn options_print_from_the_registry_defaults() {
    let opts = PassOptions {
        entries: vec![("mode".into(), "keep".into())],
    };
    let mut pm = PassManager::new("any");
    pm.add_registered(&ANALYZE, opts).unwrap();
    assert_eq!(pm.to_pipeline_string(), "any(analyze{mode=keep})");
    assert!(
        pm.add_registered(
            &ANALYZE,
            PassOptions {
                entries: vec![("mode".into(), "zz".into())]
            }
        )
        .is_err()
    );
}
