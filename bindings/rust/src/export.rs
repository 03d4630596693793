//! The `zv_plugin` table over an `Engine`: one `extern "C"` function per call, each of which
//! catches any panic of the engine. With rustc 1.63 a panic that unwinds out of an `extern "C"`
//! function is undefined behaviour; here it never does. A panic in a call that can refuse
//! (`set_fen`, `make_move`, `unmake_move`) becomes a refusal whose `last_error` holds the panic's
//! message and place; a panic in a call that cannot refuse (`key`, `pawn_key`, `material_key`,
//! `aux_key`, `legal_moves`, `create`) is written to stderr and aborts the process, which the
//! suite reports as a crash of that call (it runs plugins in worker processes).
//!
//! Built with `panic = "abort"` (a profile setting, as Rustic's release profile has it), no panic
//! can be caught: every panic ends the worker. `export_plugin!` then warns at compile time, and
//! each panic is written to stderr with its call, message and place before the process aborts, so
//! that the crash the suite reports says what happened and why it was not a refusal.

use std::any::Any;
use std::cell::{Cell, RefCell, UnsafeCell};
use std::ffi::{CStr, CString};
use std::io::Write;
use std::mem::MaybeUninit;
use std::os::raw::{c_char, c_int};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;
use std::sync::{Mutex, Once};

use crate::abi::{ZvAuxKey, ZvPlugin, ZvPluginV2, ZvState, ABI_VERSION, ABI_VERSION_2};
use crate::engine::Engine;

/// What a `zv_state` points to: one game and the message of its last refusal.
struct State<E> {
    engine: E,
    error: CString,
}

impl<E: Engine> State<E> {
    /// 0 for success; 1 with the message kept for `last_error` for an `Err` or a panic.
    fn finish(&mut self, outcome: std::thread::Result<Result<(), String>>, call: &str) -> c_int {
        let message = match outcome {
            Ok(Ok(())) => {
                self.error = CString::default();
                return 0;
            }
            Ok(Err(message)) => message,
            Err(payload) => panic_text(&*payload, call),
        };
        self.error = c_string(&message);
        1
    }
}

/// The engine's name, read once (inside the guard) when the table is built: a report of a panic
/// uses it and never calls `name()` again, which could panic outside any guard.
static ENGINE_NAME: Mutex<String> = Mutex::new(String::new());

/// Whether this build unwinds a panic (`panic = "unwind"`, the default) or aborts at once.
const PANIC_ABORTS: bool = cfg!(panic = "abort");

thread_local! {
    /// Where the last panic on this thread happened, recorded by the hook `plugin_entry` adds.
    static PANIC_PLACE: RefCell<Option<String>> = RefCell::new(None);
    /// Inside `guarded`: a panic is reported through the plugin ABI, not printed.
    static GUARDED: Cell<bool> = Cell::new(false);
    /// The call `guarded` runs ("make_move e7e8q"), kept only when a panic aborts: the hook then
    /// reports it, as nothing after the hook runs.
    static CALL: RefCell<String> = RefCell::new(String::new());
}

/// Records each panic's place. A panic inside a guarded call is reported with its message and
/// place through the ABI, so the default hook prints only the others (the engine's own threads).
/// Where panics abort, a guarded call's panic is reported here, the last code that runs.
fn record_panic_places() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let place =
                info.location().map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
            PANIC_PLACE.with(|p| *p.borrow_mut() = place);
            if !GUARDED.with(|g| g.get()) {
                previous(info);
            } else if PANIC_ABORTS {
                let call = CALL.with(|c| c.borrow().clone());
                report_abort(&panic_text(info.payload(), &call));
            }
        }));
    });
}

/// Runs one call of the engine, `call` naming it ("make_move e7e8q"); a panic comes back as `Err`
/// with its payload (or, where panics abort, is reported by the hook and ends the process).
fn guarded<R>(call: &str, work: impl FnOnce() -> R) -> std::thread::Result<R> {
    if PANIC_ABORTS {
        CALL.with(|c| {
            let mut kept = c.borrow_mut();
            kept.clear();
            kept.push_str(call);
        });
    }
    let was_guarded = GUARDED.with(|g| g.replace(true));
    let outcome = catch_unwind(AssertUnwindSafe(work));
    GUARDED.with(|g| g.set(was_guarded));
    outcome
}

/// The engine's name as stored when the table was built.
fn stored_name() -> String {
    match ENGINE_NAME.lock() {
        Ok(name) => name.clone(),
        Err(poisoned) => poisoned.into_inner().clone(),
    }
}

/// A panic that aborts the process, written to stderr: what it was, and why it is no refusal.
fn report_abort(text: &str) {
    let _ = writeln!(
        std::io::stderr(),
        "zobrist-verify plugin '{}': {}; the plugin is built with panic = \"abort\", so a panic \
         ends the process (built with panic = \"unwind\", one in set_fen, make_move or \
         unmake_move is a refusal)",
        stored_name(),
        text
    );
}

/// "panic in make_move e7e8q: MESSAGE (at src/board.rs:12:9)".
fn panic_text(payload: &(dyn Any + Send), call: &str) -> String {
    let message = if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic whose payload is not text".to_string()
    };
    match PANIC_PLACE.with(|p| p.borrow_mut().take()) {
        Some(place) => format!("panic in {}: {} (at {})", call, message, place),
        None => format!("panic in {}: {}", call, message),
    }
}

/// A C string of `text`; a NUL inside it (which C would end the message at) is written `\0`.
fn c_string(text: &str) -> CString {
    CString::new(text.replace('\0', "\\0")).unwrap_or_default()
}

/// Ends the process for a panic in a call that has no way to refuse. The name is the stored one:
/// no engine code runs here, outside the guard.
fn abort_for(payload: &(dyn Any + Send), call: &str) -> ! {
    let text = panic_text(payload, call);
    let _ = writeln!(
        std::io::stderr(),
        "zobrist-verify plugin '{}': {}; {} cannot refuse, so the plugin aborts rather than \
         unwind into C",
        stored_name(),
        text,
        call
    );
    std::process::abort()
}

/// The argument as UTF-8 text, or the refusal's message.
fn text_argument<'a>(pointer: *const c_char, what: &str) -> Result<&'a str, String> {
    if pointer.is_null() {
        return Err(format!("{} is a null pointer", what));
    }
    // SAFETY: the loader passes NUL-terminated strings that live for the call.
    unsafe { CStr::from_ptr(pointer) }.to_str().map_err(|_| format!("{} is not UTF-8", what))
}

fn state_mut<'a, E>(state: *mut ZvState) -> &'a mut State<E> {
    // SAFETY: every zv_state the loader holds came from `create::<E>` and is used by one thread
    // at a time (plugin.h).
    unsafe { &mut *(state as *mut State<E>) }
}

fn state_ref<'a, E>(state: *const ZvState) -> &'a State<E> {
    // SAFETY: as for `state_mut`.
    unsafe { &*(state as *const State<E>) }
}

extern "C" fn create<E: Engine>() -> *mut ZvState {
    match guarded("create", || E::new()) {
        Ok(engine) => {
            Box::into_raw(Box::new(State { engine, error: CString::default() })) as *mut ZvState
        }
        Err(payload) => abort_for(&*payload, "create"),
    }
}

extern "C" fn destroy<E: Engine>(state: *mut ZvState) {
    if state.is_null() {
        return;
    }
    // SAFETY: `state` came from Box::into_raw in `create::<E>` and is destroyed once.
    let boxed = unsafe { Box::from_raw(state as *mut State<E>) };
    if let Err(payload) = guarded("destroy", move || drop(boxed)) {
        abort_for(&*payload, "destroy");
    }
}

extern "C" fn set_fen<E: Engine>(state: *mut ZvState, fen: *const c_char) -> c_int {
    let state = state_mut::<E>(state);
    let fen = match text_argument(fen, "the FEN") {
        Ok(fen) => fen,
        Err(message) => return state.finish(Ok(Err(message)), "set_fen"),
    };
    let call = format!("set_fen {}", fen);
    let engine = &mut state.engine;
    let outcome = guarded(&call, || engine.set_fen(fen));
    state.finish(outcome, &call)
}

extern "C" fn make_move<E: Engine>(state: *mut ZvState, uci: *const c_char) -> c_int {
    let state = state_mut::<E>(state);
    let uci = match text_argument(uci, "the move") {
        Ok(uci) => uci,
        Err(message) => return state.finish(Ok(Err(message)), "make_move"),
    };
    let call = format!("make_move {}", uci);
    let engine = &mut state.engine;
    let outcome = guarded(&call, || engine.make_move(uci));
    state.finish(outcome, &call)
}

extern "C" fn unmake_move<E: Engine>(state: *mut ZvState) -> c_int {
    let state = state_mut::<E>(state);
    let engine = &mut state.engine;
    let outcome = guarded("unmake_move", || engine.unmake_move());
    state.finish(outcome, "unmake_move")
}

/// A key read: the engine's answer, or the end of the process on a panic.
fn read_key<E: Engine>(state: *const ZvState, call: &str, read: fn(&E) -> u64) -> u64 {
    let engine = &state_ref::<E>(state).engine;
    match guarded(call, || read(engine)) {
        Ok(key) => key,
        Err(payload) => abort_for(&*payload, call),
    }
}

extern "C" fn key<E: Engine>(state: *const ZvState) -> u64 {
    read_key::<E>(state, "key", E::key)
}

extern "C" fn pawn_key<E: Engine>(state: *const ZvState) -> u64 {
    read_key::<E>(state, "pawn_key", E::pawn_key)
}

extern "C" fn material_key<E: Engine>(state: *const ZvState) -> u64 {
    read_key::<E>(state, "material_key", E::material_key)
}

extern "C" fn aux_key<E: Engine>(state: *const ZvState, index: u32) -> u64 {
    let engine = &state_ref::<E>(state).engine;
    // The call's name only where the hook reports it: aux_key is read as often as key.
    let call = if PANIC_ABORTS { format!("aux_key {}", index) } else { String::new() };
    match guarded(&call, || engine.aux_key(index as usize)) {
        Ok(key) => key,
        Err(payload) => abort_for(&*payload, &format!("aux_key {}", index)),
    }
}

extern "C" fn legal_moves<E: Engine>(state: *const ZvState, buf: *mut c_char, cap: usize) -> c_int {
    let engine = &state_ref::<E>(state).engine;
    let moves = match guarded("legal_moves", || engine.legal_moves()) {
        Ok(moves) => moves,
        Err(payload) => abort_for(&*payload, "legal_moves"),
    };
    let text = moves.join(" ");
    if buf.is_null() || text.len() + 1 > cap {
        return -1;
    }
    // SAFETY: the loader gives `cap` writable bytes at `buf`; text and its NUL fit.
    unsafe {
        ptr::copy_nonoverlapping(text.as_ptr() as *const c_char, buf, text.len());
        *buf.add(text.len()) = 0;
    }
    moves.len() as c_int
}

extern "C" fn last_error<E: Engine>(state: *const ZvState) -> *const c_char {
    let error = &state_ref::<E>(state).error;
    if error.as_bytes().is_empty() {
        ptr::null()
    } else {
        error.as_ptr()
    }
}

/// The table for `E`: a `zv_plugin_v2` whose `base` is a complete version 1 table. Without
/// auxiliary keys `abi_version` is 1 and the loader never reads past `base`, so an engine that
/// declares none loads as a version 1 plugin everywhere; with some it is 2. The names and the
/// declarations are leaked: they live as long as the process, as the table does.
fn build_table<E: Engine>() -> ZvPluginV2 {
    let declarations: Vec<ZvAuxKey> = E::aux_keys()
        .iter()
        .map(|d| ZvAuxKey { name: c_string(&d.name).into_raw(), pieces: d.pieces, flags: d.flags })
        .collect();
    let name = E::name();
    match ENGINE_NAME.lock() {
        Ok(mut stored) => *stored = name.clone(),
        Err(poisoned) => *poisoned.into_inner() = name.clone(),
    }
    // Past u32::MAX the count saturates; the loader refuses anything past ZV_AUX_KEY_LIMIT (64).
    let count = u32::try_from(declarations.len()).unwrap_or(u32::MAX);
    let has_aux = !declarations.is_empty();
    let base = ZvPlugin {
        abi_version: if has_aux { ABI_VERSION_2 } else { ABI_VERSION },
        name: c_string(&name).into_raw(),
        chess960: E::chess960() as u32,
        create: Some(create::<E>),
        destroy: Some(destroy::<E>),
        set_fen: Some(set_fen::<E>),
        make_move: Some(make_move::<E>),
        unmake_move: if E::has_unmake() { Some(unmake_move::<E>) } else { None },
        key: Some(key::<E>),
        pawn_key: if E::has_pawn_key() { Some(pawn_key::<E>) } else { None },
        material_key: if E::has_material_key() { Some(material_key::<E>) } else { None },
        legal_moves: if E::has_legal_moves() { Some(legal_moves::<E>) } else { None },
        last_error: Some(last_error::<E>),
        null_move: E::null_move() as u32,
    };
    ZvPluginV2 {
        base,
        aux_key_count: if has_aux { count } else { 0 },
        aux_keys: if has_aux {
            Box::leak(declarations.into_boxed_slice()).as_ptr()
        } else {
            ptr::null()
        },
        aux_key: if has_aux { Some(aux_key::<E>) } else { None },
    }
}

/// The storage of one plugin's table, built on the first `zv_plugin_entry` call. Declared by
/// `export_plugin!`; not for direct use.
pub struct PluginTable {
    once: Once,
    table: UnsafeCell<MaybeUninit<ZvPluginV2>>,
}

// SAFETY: the table is written once, inside `once`, and only read after it.
unsafe impl Sync for PluginTable {}

impl PluginTable {
    pub const fn new() -> Self {
        PluginTable { once: Once::new(), table: UnsafeCell::new(MaybeUninit::uninit()) }
    }
}

/// The body of `zv_plugin_entry`: the table, or NULL (which the loader reports) when building it
/// panicked.
pub fn plugin_entry<E: Engine>(storage: &'static PluginTable) -> *const ZvPlugin {
    let built = guarded("zv_plugin_entry", || {
        record_panic_places();
        storage.once.call_once(|| {
            let table = build_table::<E>();
            // SAFETY: written once, before any read (call_once orders it).
            unsafe { (*storage.table.get()).write(table) };
        });
    });
    match built {
        // SAFETY: call_once returned normally, so the table is written. `base` is the first
        // field of a #[repr(C)] struct: &table.base, as plugin.h asks.
        Ok(()) => unsafe { ptr::addr_of!((*(*storage.table.get()).as_ptr()).base) },
        Err(payload) => {
            let _ = writeln!(
                std::io::stderr(),
                "zobrist-verify plugin: {}",
                panic_text(&*payload, "zv_plugin_entry")
            );
            ptr::null()
        }
    }
}

/// Exports `zv_plugin_entry` for an `Engine` type: the one symbol a plugin needs.
///
/// ```ignore
/// zobrist_verify_plugin::export_plugin!(MyEngine);
/// ```
#[macro_export]
macro_rules! export_plugin {
    ($engine:ty) => {
        #[no_mangle]
        pub extern "C" fn zv_plugin_entry() -> *const $crate::abi::ZvPlugin {
            // Built with panic = "abort": naming this deprecated constant warns at compile time.
            #[cfg(panic = "abort")]
            let _ = $crate::BUILT_WITH_PANIC_ABORT;
            static TABLE: $crate::PluginTable = $crate::PluginTable::new();
            $crate::plugin_entry::<$engine>(&TABLE)
        }
    };
}
