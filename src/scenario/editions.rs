//! The editions scenarios are played on: each compiled once per run, with the native code attached
//! or compared as `dogma test --backend` asks.

use dogma_runtime::vm::Program;
use std::collections::BTreeMap;

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

/// Compiles each edition once per run (and attaches its native code as asked).
#[derive(Default)]
pub struct EditionCache {
    backends: Backends,
    compiled: BTreeMap<String, (Program, Option<Program>)>,
    /// Editions played on the VM only, and why (`--backend both` without current native code).
    pub vm_only: BTreeMap<String, String>,
}

impl EditionCache {
    pub fn new(backends: Backends) -> Self {
        EditionCache {
            backends,
            ..Default::default()
        }
    }

    fn load(&mut self, name: &str) -> Result<&(Program, Option<Program>), String> {
        if !self.compiled.contains_key(name) {
            let mut compiled = Program::from(crate::compile_edition(name)?);
            let pair = match self.backends {
                Backends::Vm => (compiled, None),
                Backends::Native => {
                    crate::use_backend(&mut compiled, crate::Backend::Native)?;
                    (compiled, None)
                }
                Backends::Both => {
                    let twin = match crate::differential::native_twin(&compiled) {
                        Ok(twin) => Some(twin),
                        Err(why) => {
                            self.vm_only.insert(name.to_string(), why);
                            None
                        }
                    };
                    (compiled, twin)
                }
            };
            self.compiled.insert(name.to_string(), pair);
        }
        Ok(&self.compiled[name])
    }
}

impl Editions for EditionCache {
    fn edition(&mut self, name: &str) -> Result<Program, String> {
        Ok(self.load(name)?.0.clone())
    }

    fn twin(&mut self, name: &str) -> Option<Program> {
        self.load(name).ok().and_then(|(_, twin)| twin.clone())
    }
}
