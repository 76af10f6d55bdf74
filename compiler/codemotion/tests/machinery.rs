//! Tests of the shared machinery: the flow graph and its critical edges,
//! the expression universe and local predicates, the alias rules and the
//! speculation helpers.

use lockstep_analysis::CfgView;
use lockstep_codemotion::alias::AliasAnalysis;
use lockstep_codemotion::cfg::{MotionCfg, NodeKind, materialize_edges, split_all_critical_edges};
use lockstep_codemotion::expr::{ExprKind, Universe, expression_kind};
use lockstep_codemotion::speculation::{Dereferenceable, is_speculatable_pure};
use lockstep_ir::{Context, OpId, Rewriter, ValueId};

fn parse(src: &str) -> (Context, OpId) {
    let mut ctx = lockstep_registry::new_context(false);
    let m = lockstep_test_support::parse(&mut ctx, src);
    lockstep_test_support::verify_tree(&ctx, m).expect("input verifies");
    (ctx, m)
}

fn func(ctx: &Context, m: OpId, name: &str) -> OpId {
    let mut found = None;
    ctx.walk_pre(m, &mut |o| {
        let n = ctx.name_of(o);
        if (n == "device.kernel" || n == "device.func")
            && ctx
                .attr_of(o, "sym_name")
                .map(|a| format!("{:?}", ctx.attr_data(a)))
                == Some(format!("{:?}", ctx.attr_data(ctx.str_attr(name))))
        {
            found = Some(o);
        }
    });
    found.expect("function")
}

/// The result of the op printed with `sym = "name"` (the generic form's
/// attribute is how the tests name values).
fn named(ctx: &Context, f: OpId, name: &str) -> ValueId {
    let mut found = None;
    let want = format!("{:?}", ctx.attr_data(ctx.str_attr(name)));
    ctx.walk_pre(f, &mut |o| {
        if ctx
            .attr_of(o, "tag")
            .map(|a| format!("{:?}", ctx.attr_data(a)))
            == Some(want.clone())
        {
            found = Some(ctx.result(o, 0));
        }
    });
    found.expect("tagged op")
}

#[test]
fn critical_edges_become_virtual_nodes_and_then_blocks() {
    let (mut ctx, m) = parse(
        r#"device.module @m {
  device.kernel @k(%c: i1, %d: i1) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    cf.cond_br %d, ^bb2, ^bb1
  ^bb2:
    device.return
  ^bb3:
    cf.br ^bb2
  }
}
"#,
    );
    let k = func(&ctx, m, "k");
    let region = ctx.regions(k)[0];
    let g = MotionCfg::new(&ctx, region);
    // ^bb3 is unreachable (its edge does not count); every reachable edge
    // is critical.
    assert_eq!(g.num_blocks(), 3);
    assert_eq!(g.num_nodes(), 7);
    let virtuals: Vec<String> = (3..7).map(|n| g.label(n)).collect();
    assert_eq!(
        virtuals,
        [
            "^bb0#0->^bb1",
            "^bb0#1->^bb2",
            "^bb1#0->^bb2",
            "^bb1#1->^bb1"
        ]
    );
    for n in 3..7 {
        assert!(matches!(g.kind(n), NodeKind::Edge { .. }));
        assert_eq!(g.succs(n).len(), 1);
        assert_eq!(g.preds(n).len(), 1);
    }
    let made = materialize_edges(&mut Rewriter::new(&mut ctx), &g, &[5], k).expect("split");
    assert_eq!(made.len(), 1);
    lockstep_test_support::verify_tree(&ctx, m).expect("verifies after splitting");
    let g2 = MotionCfg::new(&ctx, region);
    assert_eq!(g2.num_blocks(), 4);
    assert_eq!(g2.num_nodes(), 7);
    let n = split_all_critical_edges(&mut Rewriter::new(&mut ctx), k).expect("split all");
    assert_eq!(n, 3, "{}", lockstep_test_support::pretty(&ctx, m));
    let g3 = MotionCfg::new(&ctx, region);
    assert_eq!(g3.num_nodes(), g3.num_blocks());
}

#[test]
fn local_predicates_follow_the_ssa_translation() {
    let (ctx, m) = parse(
        r#"device.module @m {
  device.kernel @k(%a: i32, %b: i32, %p: !device.ptr<global>) {
    %x = arith.addi %a, %b : i32
    cf.br ^bb1(%a : i32)
  ^bb1(%i: i32):
    %y = arith.addi %a, %b : i32
    %z = arith.muli %i, %b : i32
    %w = arith.addi %z, %a : i32
    %v = arith.muli %i, %b : i32
    %l = device.load %p : !device.ptr<global> -> i32
    device.store %z, %p : i32, !device.ptr<global>
    %l2 = device.load %p : !device.ptr<global> -> i32
    %c = arith.cmpi slt, %i, %b : i32
    cf.cond_br %c, ^bb1(%w : i32), ^bb2
  ^bb2:
    device.return
  }
}
"#,
    );
    let k = func(&ctx, m, "k");
    let g = MotionCfg::new(&ctx, ctx.regions(k)[0]);
    let alias = AliasAnalysis::new(&ctx, k);
    let u = Universe::build(&ctx, &g, &alias);
    // Ids follow first occurrences: a+b (entry), then i*b, z+a, the load.
    let id = |name: &str, nth: usize| {
        u.exprs
            .iter()
            .enumerate()
            .filter(|(_, e)| ctx.name_of(e.occurrences[0]) == name)
            .nth(nth)
            .map(|(i, _)| i)
            .unwrap_or_else(|| panic!("no expression {name}"))
    };
    let add = id("arith.addi", 0);
    let mul = id("arith.muli", 0);
    let load = id("device.load", 0);
    assert_eq!(u.exprs[add].occurrences.len(), 2);
    assert_eq!(u.exprs[mul].occurrences.len(), 2);
    assert_eq!(u.exprs[load].kind, ExprKind::Load);
    let b1 = g.node_of(ctx.region_blocks(ctx.regions(k)[0])[1]).unwrap() as usize;
    let l = &u.local;
    // a+b: both operands come from outside the loop.
    assert!(l.ncomp[b1].contains(add) && l.xcomp[b1].contains(add) && l.transp[b1].contains(add));
    // i*b: killed at the block's entry by the argument %i.
    assert!(!l.ncomp[b1].contains(mul) && l.xcomp[b1].contains(mul) && !l.transp[b1].contains(mul));
    // The load: computed before the store (entry), killed by the store,
    // computed again after it (exit).
    assert!(
        l.ncomp[b1].contains(load) && l.xcomp[b1].contains(load) && !l.transp[b1].contains(load)
    );
}

#[test]
fn alias_rules() {
    let (ctx, m) = parse(
        r#"device.module @m {
  device.shared @s1[64] align 4
  device.shared @s2[64] align 4
  device.kernel @k(%p: !device.ptr<global>, %q: !device.ptr<global>, %r: !device.ptr<global> {device.restrict}, %g: !device.ptr<generic>) {
    %c0 = arith.constant 0 : i64
    %c4 = arith.constant 4 : i64
    %c2 = arith.constant 2 : i64
    %a1 = device.alloca 16 align 4 {tag = "a1"} : !device.ptr<local>
    %a2 = device.alloca 16 align 4 {tag = "a2"} : !device.ptr<local>
    %s1 = device.addressof @s1 {tag = "s1"} : !device.ptr<shared>
    %s2 = device.addressof @s2 {tag = "s2"} : !device.ptr<shared>
    %dyn = device.dynamic_shared {tag = "dyn"} : !device.ptr<shared>
    %p0 = device.ptradd %p, %c0 {tag = "p0"} : !device.ptr<global>, i64
    %p4 = device.ptradd %p, %c4 {tag = "p4"} : !device.ptr<global>, i64
    %p2 = device.ptradd %p, %c2 {tag = "p2"} : !device.ptr<global>, i64
    %q0 = device.ptradd %q, %c0 {tag = "q0"} : !device.ptr<global>, i64
    %r0 = device.ptradd %r, %c0 {tag = "r0"} : !device.ptr<global>, i64
    %g0 = device.ptradd %g, %c0 {tag = "g0"} : !device.ptr<generic>, i64
    %s1g = device.addrspace_cast %s1 {tag = "s1g"} : !device.ptr<shared> to !device.ptr<generic>
    device.return
  }
}
"#,
    );
    let k = func(&ctx, m, "k");
    let aa = AliasAnalysis::new(&ctx, k);
    let i32t = ctx.int_type(32);
    let loc = |n: &str| aa.location(&ctx, named(&ctx, k, n), Some(i32t));
    let may = |a: &str, b: &str| aa.may_alias(&loc(a), &loc(b));
    assert!(!may("a1", "a2"), "distinct allocas");
    assert!(!may("a1", "p0"), "an alloca and a kernel argument");
    assert!(!may("s1", "s2"), "distinct shared symbols");
    assert!(!may("s1", "dyn"), "static and dynamic shared");
    assert!(!may("s1", "p0"), "shared and global");
    assert!(!may("p0", "p4"), "disjoint offsets");
    assert!(may("p0", "p2"), "overlapping offsets");
    assert!(may("p0", "q0"), "two plain arguments");
    assert!(!may("p0", "r0"), "a restrict argument");
    assert!(may("g0", "s1"), "a generic argument may point to shared");
    assert!(may("s1g", "s1"), "a cast keeps the base");
    assert!(!may("s1g", "s2"), "a cast keeps the base");
}

#[test]
fn speculation_helpers() {
    let (ctx, m) = parse(
        r#"device.module @m {
  device.kernel @k(%a: i32, %c: i1, %p: !device.ptr<global>, %q: !device.ptr<global>) {
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %cm1 = arith.constant -1 : i32
    %d0 = arith.divsi %a, %c0 {tag = "d0"} : i32
    %d2 = arith.divsi %a, %c2 {tag = "d2"} : i32
    %dm1 = arith.divsi %a, %cm1 {tag = "dm1"} : i32
    %um1 = arith.divui %a, %cm1 {tag = "um1"} : i32
    %da = arith.remui %a, %a {tag = "da"} : i32
    %s = arith.addi %a, %a {tag = "s"} : i32
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = device.load %p : !device.ptr<global> -> i32
    %y = device.load %q : !device.ptr<global> -> i32
    cf.br ^bb3
  ^bb2:
    device.store %a, %p : i32, !device.ptr<global>
    cf.br ^bb3
  ^bb3:
    device.return
  }
}
"#,
    );
    let k = func(&ctx, m, "k");
    let op = |n: &str| ctx.defining_op(named(&ctx, k, n)).unwrap();
    assert!(!is_speculatable_pure(&ctx, op("d0")));
    assert!(is_speculatable_pure(&ctx, op("d2")));
    assert!(!is_speculatable_pure(&ctx, op("dm1")));
    assert!(is_speculatable_pure(&ctx, op("um1")));
    assert!(!is_speculatable_pure(&ctx, op("da")));
    assert!(is_speculatable_pure(&ctx, op("s")));
    assert_eq!(expression_kind(&ctx, op("s")), Some(ExprKind::Pure));

    let region = ctx.regions(k)[0];
    let g = MotionCfg::new(&ctx, region);
    let d = Dereferenceable::compute(&ctx, &g);
    let blocks = ctx.region_blocks(region);
    let node = |i: usize| g.node_of(blocks[i]).unwrap();
    let (p, q) = (ctx.block_args(blocks[0])[2], ctx.block_args(blocks[0])[3]);
    // %p is accessed on both branches, %q on one only.
    assert!(d.at_exit(node(0), p));
    assert!(!d.at_exit(node(0), q));
    assert!(d.at_entry(node(1), q));
    assert!(
        d.at_entry(node(3), p),
        "available on every path to the join"
    );
    assert!(!d.at_entry(node(3), q));
}
