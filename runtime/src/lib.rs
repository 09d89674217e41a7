//! The Innovation game engine: the game state, the turn and its actions, dogma orchestration,
//! the VM that runs compiled card effects, players' decisions, and the event log; plus the shared
//! game vocabulary that the compiler and every back end speak.
//!
//! The runtime never depends on the card language or on diagnostics: it knows cards only as
//! compiled data.

pub mod agents;
pub mod bytecode;
pub mod choices;
pub mod dogmac;
pub mod game;
pub mod invariants;
pub mod loaded;
pub mod log;
pub mod state;
pub mod table;
pub mod terms;
pub mod vm;
pub mod vocab;

pub use vocab::{Color, EffectKind, Icon, Slot, SlotPosition, SplayDirection, ZoneKind};
