//! The Innovation game engine. For now it holds the shared game vocabulary that the compiler and
//! every back end speak: colours, icons, card slots, splay directions, zones and editions.
//!
//! The runtime never depends on the card language or on diagnostics: it knows cards only as
//! compiled data.

pub mod bytecode;
pub mod terms;
pub mod vocab;

pub use vocab::{Color, Edition, EffectKind, Icon, Slot, SlotPosition, SplayDirection, ZoneKind};
