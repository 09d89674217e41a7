//! Every scenario under tests/scenarios runs as part of `cargo test`: expectations must hold and
//! snapshots must match. With CI=true a missing snapshot fails instead of being written. Each is
//! played on the VM and on the native code, which must agree event for event.

#[test]
fn every_scenario_passes() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
    let (report, all_passed) = dogma::scenario::run_all(
        &["tests/scenarios".into()],
        false,
        dogma::scenario::Backends::Both,
    )
    .expect("scenarios load");
    eprintln!("{report}");
    assert!(all_passed, "{report}");
}
