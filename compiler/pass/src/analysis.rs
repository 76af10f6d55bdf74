//! Cached analyses, invalidated after a pass unless it preserves them.
//!
//! Invariants:
//! - A cached result describes the IR of its op as it was when the
//!   analysis ran; the pass manager drops every result a pass did not
//!   declare preserved before the next pass runs.
//! - The pass manager gives each anchor op its own manager for the passes
//!   run on it; a manager never outlives the run of its pipeline on that op.
//! - When timing is on, every computation (not cache hits) is recorded with
//!   its analysis name, for the `(A) Name` rows of `--timing`.

use lockstep_ir::{Context, OpId};
use rustc_hash::FxHashMap;
use std::any::{Any, TypeId};
use std::time::{Duration, Instant};

/// An analysis computed from an op and cached by the manager.
pub trait Analysis: Any + Send + Sync {
    /// Name used by passes to declare it preserved.
    const NAME: &'static str;
    fn compute(ctx: &Context, op: OpId) -> Self;
}

impl Analysis for lockstep_ir::dominance::DominanceInfo {
    const NAME: &'static str = "DominanceInfo";
    fn compute(ctx: &Context, op: OpId) -> Self {
        lockstep_ir::dominance::DominanceInfo::compute(ctx, op)
    }
}

impl Analysis for lockstep_ir::dominance::PostDominanceInfo {
    const NAME: &'static str = "PostDominanceInfo";
    fn compute(ctx: &Context, op: OpId) -> Self {
        lockstep_ir::dominance::PostDominanceInfo::compute(ctx, op)
    }
}

type Entry = (&'static str, Box<dyn Any + Send + Sync>);

#[derive(Default)]
pub struct AnalysisManager {
    cache: FxHashMap<(TypeId, OpId), Entry>,
    /// Computations since the last `take_timings`, when timing is on.
    timings: Option<Vec<(&'static str, Duration)>>,
}

impl AnalysisManager {
    /// The analysis of `op`, computed on first request.
    pub fn get<A: Analysis>(&mut self, ctx: &Context, op: OpId) -> &A {
        let timings = &mut self.timings;
        self.cache
            .entry((TypeId::of::<A>(), op))
            .or_insert_with(|| {
                let start = Instant::now();
                let a = A::compute(ctx, op);
                if let Some(t) = timings {
                    t.push((A::NAME, start.elapsed()));
                }
                (A::NAME, Box::new(a))
            })
            .1
            .downcast_ref::<A>()
            .expect("analysis cache holds a value of another type")
    }

    /// The cached analysis, if any, without computing it.
    pub fn cached<A: Analysis>(&self, op: OpId) -> Option<&A> {
        self.cache
            .get(&(TypeId::of::<A>(), op))
            .and_then(|(_, b)| b.downcast_ref::<A>())
    }

    /// Is an analysis of this type cached for `op`?
    pub fn is_cached<A: Analysis>(&self, op: OpId) -> bool {
        self.cache.contains_key(&(TypeId::of::<A>(), op))
    }

    /// Drops every cached result except those named in `preserved`.
    pub fn invalidate_except(&mut self, preserved: &[&'static str]) {
        self.cache.retain(|_, (name, _)| preserved.contains(name));
    }

    pub fn clear(&mut self) {
        self.cache.clear();
    }

    /// Number of cached results.
    pub fn len(&self) -> usize {
        self.cache.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cache.is_empty()
    }

    /// Starts (or stops) recording how long each computation takes.
    pub fn set_timing(&mut self, on: bool) {
        self.timings = on.then(Vec::new);
    }

    /// The computations recorded since the last call, in order.
    pub fn take_timings(&mut self) -> Vec<(&'static str, Duration)> {
        self.timings
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    static COMPUTED: AtomicUsize = AtomicUsize::new(0);

    struct Count(usize);
    impl Analysis for Count {
        const NAME: &'static str = "Count";
        fn compute(ctx: &Context, op: OpId) -> Self {
            COMPUTED.fetch_add(1, Ordering::SeqCst);
            Count(ctx.collect_pre(op).len())
        }
    }

    #[test]
    fn caches_invalidates_and_times() {
        let mut ctx = Context::new();
        let m = lockstep_ir::parse_source(&mut ctx, "t", "", 1).unwrap();
        let mut am = AnalysisManager::default();
        am.set_timing(true);
        let before = COMPUTED.load(Ordering::SeqCst);
        assert_eq!(am.get::<Count>(&ctx, m).0, 1);
        assert_eq!(am.get::<Count>(&ctx, m).0, 1);
        assert_eq!(COMPUTED.load(Ordering::SeqCst) - before, 1);
        assert!(am.is_cached::<Count>(m));
        am.invalidate_except(&["Count"]);
        assert!(am.cached::<Count>(m).is_some());
        am.invalidate_except(&[]);
        assert!(am.cached::<Count>(m).is_none());
        let t = am.take_timings();
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].0, "Count");
        assert!(am.take_timings().is_empty());
    }
}
