//! The C ABI of `zobrist_verify/doors/plugin.h`, version 1, mirrored field for field. The layout
//! must match the header exactly: the loader reads this struct through the C definition.

use std::os::raw::{c_char, c_int};

/// `ZV_PLUGIN_ABI_VERSION` of plugin.h.
pub const ABI_VERSION: u32 = 1;

/// `zv_state`: opaque to the loader, owned by the plugin (here a `State<E>` behind a pointer).
#[repr(C)]
pub struct ZvState {
    _opaque: [u8; 0],
}

/// `zv_plugin`. An `Option<extern "C" fn>` is a nullable function pointer: `None` is C's NULL.
#[repr(C)]
pub struct ZvPlugin {
    pub abi_version: u32,
    pub name: *const c_char,
    pub chess960: u32,
    pub create: Option<extern "C" fn() -> *mut ZvState>,
    pub destroy: Option<extern "C" fn(*mut ZvState)>,
    pub set_fen: Option<extern "C" fn(*mut ZvState, *const c_char) -> c_int>,
    pub make_move: Option<extern "C" fn(*mut ZvState, *const c_char) -> c_int>,
    pub unmake_move: Option<extern "C" fn(*mut ZvState) -> c_int>,
    pub key: Option<extern "C" fn(*const ZvState) -> u64>,
    pub pawn_key: Option<extern "C" fn(*const ZvState) -> u64>,
    pub material_key: Option<extern "C" fn(*const ZvState) -> u64>,
    pub legal_moves: Option<extern "C" fn(*const ZvState, *mut c_char, usize) -> c_int>,
    pub last_error: Option<extern "C" fn(*const ZvState) -> *const c_char>,
    pub null_move: u32,
}
