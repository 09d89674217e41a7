//! `cargo bench`: the engine measured with criterion's statistics. The same figures as `dogma
//! bench` (which prints them as ratios to the native back end): a random full game of the third
//! edition on each back end at 2 and 4 players, cloning a mid-game state, and checking and
//! compiling every official tree. Benchmarks, never tests: nothing here passes or fails.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dogma::differential::{native_twin, random_game, setup};
use dogma_runtime::vm::Program;
use std::hint::black_box;

fn root() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
}

fn games(c: &mut Criterion) {
    root();
    let vm = Program::from(dogma::compile_edition("third").expect("third compiles"));
    let native = native_twin(&vm).expect("current native code");
    let mut group = c.benchmark_group("random game (third)");
    for players in [2, 4] {
        for (name, edition) in [("native", &native), ("vm", &vm)] {
            let mut seed = 0u64;
            group.bench_with_input(BenchmarkId::new(name, players), &players, |b, &players| {
                b.iter(|| {
                    seed += 1;
                    black_box(random_game(edition, setup(players, seed)).expect("plays"))
                })
            });
        }
    }
    group.finish();
}

fn clone(c: &mut Criterion) {
    root();
    let vm = Program::from(dogma::compile_edition("third").expect("third compiles"));
    let game = dogma::bench::mid_game(&vm, 0).expect("mid-game");
    c.bench_function("clone a mid-game 2-player state", |b| {
        b.iter(|| black_box(black_box(&game).clone()))
    });
}

fn compile(c: &mut Criterion) {
    root();
    c.bench_function("check and compile the official trees", |b| {
        b.iter(|| {
            for name in dogma_native::EDITIONS {
                black_box(dogma::compile_edition(name).expect("compiles"));
            }
        })
    });
}

criterion_group!(benches, games, clone, compile);
criterion_main!(benches);
