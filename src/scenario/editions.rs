//! The editions scenarios are played on: each compiled once per run, with the native code attached
//! or compared as `dogma test --backend` asks.

use dogma_runtime::vm::Program;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

/// What `load` needs from the outside: the compiled edition of a name.
pub trait Editions {
    /// The edition a scenario is played on.
    fn edition(&mut self, name: &str) -> Result<Program, String>;
    /// The same edition on the other back end, when scenarios are also played there and the
    /// results compared (`dogma test --backend both`).
    fn twin(&mut self, _name: &str) -> Option<Program> {
        None
    }
}

/// Which back ends `dogma test` plays scenarios on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Backends {
    /// The VM, and the native code too where it is built in and current: both must give the
    /// same log and final state.
    #[default]
    Both,
    Vm,
    Native,
}

/// Compiles each edition once per run (and attaches its native code as asked). Shared by the
/// threads that play scenarios at once: each edition is compiled by the first thread that needs
/// it while the others wait for it.
#[derive(Default)]
pub struct EditionCache {
    backends: Backends,
    compiled: Mutex<BTreeMap<String, Arc<OnceLock<Loaded>>>>,
    /// Editions played on the VM only, and why (`--backend both` without current native code).
    vm_only: Mutex<BTreeMap<String, String>>,
}

/// An edition compiled for a run, with its twin on the other back end if compared; or why it
/// did not compile.
type Loaded = Result<(Program, Option<Program>), String>;

impl EditionCache {
    pub fn new(backends: Backends) -> Self {
        EditionCache {
            backends,
            ..Default::default()
        }
    }

    /// The editions played on the VM only, and why.
    pub fn vm_only(&self) -> BTreeMap<String, String> {
        self.vm_only.lock().map(|m| m.clone()).unwrap_or_default()
    }

    fn load(&self, name: &str) -> Loaded {
        let cell = match self.compiled.lock() {
            Ok(mut compiled) => compiled.entry(name.to_string()).or_default().clone(),
            Err(_) => return Err("a thread playing scenarios failed".to_string()),
        };
        cell.get_or_init(|| self.compile(name)).clone()
    }

    fn compile(&self, name: &str) -> Loaded {
        let mut compiled = Program::from(crate::compile_edition(name)?);
        Ok(match self.backends {
            Backends::Vm => (compiled, None),
            Backends::Native => {
                crate::use_backend(&mut compiled, crate::Backend::Native)?;
                (compiled, None)
            }
            Backends::Both => {
                let twin = match crate::differential::native_twin(&compiled) {
                    Ok(twin) => Some(twin),
                    Err(why) => {
                        if let Ok(mut vm_only) = self.vm_only.lock() {
                            vm_only.insert(name.to_string(), why);
                        }
                        None
                    }
                };
                (compiled, twin)
            }
        })
    }
}

impl Editions for EditionCache {
    fn edition(&mut self, name: &str) -> Result<Program, String> {
        Ok(self.load(name)?.0)
    }

    fn twin(&mut self, name: &str) -> Option<Program> {
        self.load(name).ok().and_then(|(_, twin)| twin)
    }
}

/// A thread's handle on a shared cache.
impl Editions for &EditionCache {
    fn edition(&mut self, name: &str) -> Result<Program, String> {
        Ok(self.load(name)?.0)
    }

    fn twin(&mut self, name: &str) -> Option<Program> {
        self.load(name).ok().and_then(|(_, twin)| twin)
    }
}
