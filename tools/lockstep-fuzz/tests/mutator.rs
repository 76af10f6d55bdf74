//! The mutator over the repository's real seeds: the same run seed gives
//! the same inputs (whatever order the seeds come in), and every input
//! differs from the seed it came from.

use lockstep_fuzz::mutate::Corpus;
use lockstep_fuzz::seeds::{self, SeedOptions};
use lockstep_fuzz::targets::Target;
use std::collections::BTreeSet;

fn seed_files(t: Target) -> Vec<lockstep_fuzz::mutate::Seed> {
    let opts = SeedOptions {
        clang: false,
        cache: std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mutator-cache"),
    };
    seeds::collect(lockstep_fuzz::default_repo(), t, &opts)
}

fn corpus(t: Target) -> Corpus {
    Corpus::new(seeds::lang(t), seed_files(t))
}

#[test]
fn mutants_are_deterministic_and_never_their_seed() {
    for t in Target::PUBLIC {
        // The second corpus gets the seeds in reverse order: the inputs must
        // not depend on the order the files were found in.
        let files = seed_files(t);
        let mut reversed = files.clone();
        reversed.reverse();
        let a = Corpus::new(seeds::lang(t), files);
        let b = Corpus::new(seeds::lang(t), reversed);
        assert!(a.seeds.len() >= 20, "{}: {} seeds", t.name(), a.seeds.len());
        let mut distinct = BTreeSet::new();
        let mut seeds_used = BTreeSet::new();
        for i in 0..300 {
            let m = a.mutant(42, i);
            let n = b.mutant(42, i);
            assert_eq!(
                m.bytes,
                n.bytes,
                "{} input {i} is not deterministic",
                t.name()
            );
            assert_eq!(m.ops, n.ops);
            assert_ne!(
                m.bytes,
                a.seeds[m.seed].text,
                "{} input {i} equals seed {}",
                t.name(),
                a.seeds[m.seed].name
            );
            assert!(!m.ops.is_empty());
            distinct.insert(m.bytes);
            seeds_used.insert(m.seed);
        }
        assert!(
            distinct.len() >= 290,
            "{}: {} distinct",
            t.name(),
            distinct.len()
        );
        assert!(
            seeds_used.len() >= 20,
            "{}: {} seeds used",
            t.name(),
            seeds_used.len()
        );
        // Another run seed, other inputs.
        let other: BTreeSet<Vec<u8>> = (0..50).map(|i| a.mutant(43, i).bytes).collect();
        assert!(other.iter().filter(|x| distinct.contains(*x)).count() < 10);
    }
}

#[test]
fn mutations_cover_the_grammar_operations() {
    // Over many inputs every kind of mutation shows up in the notes.
    let c = corpus(Target::Cuda);
    let ops: Vec<String> = (0..2000).flat_map(|i| c.mutant(5, i).ops).collect();
    for want in [
        "replace Keyword",
        "replace Type",
        "replace Punct",
        "number '",
        "delete '",
        "insert '",
        "delete lines",
        "duplicate line",
        "swap lines",
        "delete span",
        "duplicate span",
        "span ",
        "splice lines",
        "nest ",
        "truncate at",
        "insert bytes",
        "flip ",
        "repeat '",
        "swap '",
    ] {
        assert!(
            ops.iter().any(|o| o.starts_with(want)),
            "no '{want}' mutation in 2000 inputs"
        );
    }
}
