import CWayland
import CXKBCommon
import Glibc
import LiveTextCore

/// The seat's pointer and keyboard as the live surface hears them: Wayland's events turned into
/// `LiveSurfaceEvent`s, queued in order until the surface's loop hands them to its handler.
///
/// Pointer positions are turned into the frozen image's pixels through the place of the surface
/// the pointer entered (`places`: one surface an output, each showing its part of the image). Keys go through xkbcommon with the keymap
/// the compositor sent, so keysyms are X's with Shift applied. Used on the surface's thread only.
final class LiveSeatInput {
    private var seat: OpaquePointer?
    private(set) var pointer: OpaquePointer?
    private var keyboard: OpaquePointer?
    /// Where each surface's units go in the frozen image: its top-left corner there, and image
    /// pixels a surface unit (1 but on a scaled output). Events of a surface not here are dropped.
    var places: [OpaquePointer: SurfacePlace] = [:]
    /// The place of the surface the pointer entered last (while a button is held, the compositor
    /// keeps sending motion relative to the surface it was pressed on, wherever the pointer goes).
    private var entered: SurfacePlace?
    /// The pointer's last position from enter or motion, in image pixels; nil before it entered.
    private(set) var position: (x: Int, y: Int)?
    /// The serial of the pointer's last enter, which `wl_pointer.set_cursor` must name.
    private(set) var enterSerial: UInt32?
    /// The serial of the latest key, button or enter event, which a copy through the core data
    /// device names (`wl_data_device.set_selection`).
    private(set) var latestSerial: UInt32?
    /// Called when the pointer enters the surface: the place to set its cursor image.
    var onEnter: ((_ pointer: OpaquePointer, _ serial: UInt32) -> Void)?
    private var buttons: LiveModifiers = []
    private var modifiers: LiveModifiers = []
    private var clicks = ClickCounter()
    private var queue: [LiveSurfaceEvent] = []
    /// The key held, pressed again as the compositor's repeat rate says.
    private var repeating = KeyRepeat()
    private var context: OpaquePointer?
    private var keymap: OpaquePointer?
    private var state: OpaquePointer?

    init() {
        context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
    }

    deinit { close() }

    /// Listens to `seat` (bound at version 5 or below): its pointer and keyboard are taken as the
    /// seat announces them.
    func listen(to seat: OpaquePointer) {
        self.seat = seat
        wl_seat_add_listener(seat, Self.seatListener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The next event for the handler, oldest first; then a held key's repeat when it is due.
    func next() -> LiveSurfaceEvent? {
        if !queue.isEmpty { return queue.removeFirst() }
        return repeating.due(now: .now).map { .key($0) }
    }

    /// How long the surface's loop may wait for events before a held key repeats (milliseconds).
    var repeatWait: Int32? { repeating.wait(now: .now) }

    private func enqueue(_ event: LiveSurfaceEvent) {
        // Only the last of a burst of motion matters.
        if case .motion = event, case .motion? = queue.last { queue.removeLast() }
        queue.append(event)
    }

    /// Releases the pointer, the keyboard and the seat, and frees the keymap (once).
    func close() {
        if let pointer { releaseDevice(pointer, release: wl_pointer_release, destroy: wl_pointer_destroy) }
        if let keyboard { releaseDevice(keyboard, release: wl_keyboard_release, destroy: wl_keyboard_destroy) }
        pointer = nil
        keyboard = nil
        if let seat { if wl_proxy_get_version(seat) >= 5 { wl_seat_release(seat) } else { wl_seat_destroy(seat) } }
        seat = nil
        dropKeymap()
        if let context { xkb_context_unref(context) }
        context = nil
        onEnter = nil
        places = [:]
        entered = nil
        repeating.stop()
    }

    /// `release` (version 3, which tells the compositor) when the device has it, else `destroy`.
    private func releaseDevice(_ device: OpaquePointer, release: (OpaquePointer) -> Void, destroy: (OpaquePointer) -> Void) {
        if wl_proxy_get_version(device) >= 3 { release(device) } else { destroy(device) }
    }

    private func dropKeymap() {
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        state = nil
        keymap = nil
    }

    // MARK: Seat

    private func capabilities(_ capabilities: UInt32) {
        let hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasKeyboard = capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        let data = Unmanaged.passUnretained(self).toOpaque()
        if hasPointer, pointer == nil, let seat, let made = wl_seat_get_pointer(seat) {
            pointer = made
            wl_pointer_add_listener(made, Self.pointerListener.pointer, data)
        } else if !hasPointer, let pointer {
            releaseDevice(pointer, release: wl_pointer_release, destroy: wl_pointer_destroy)
            self.pointer = nil
            enterSerial = nil
        }
        if hasKeyboard, keyboard == nil, let seat, let made = wl_seat_get_keyboard(seat) {
            keyboard = made
            wl_keyboard_add_listener(made, Self.keyboardListener.pointer, data)
        } else if !hasKeyboard, let keyboard {
            releaseDevice(keyboard, release: wl_keyboard_release, destroy: wl_keyboard_destroy)
            self.keyboard = nil
            repeating.stop()
        }
    }

    // MARK: Pointer

    private func moved(_ x: wl_fixed_t, _ y: wl_fixed_t) -> (x: Int, y: Int)? {
        guard let entered else { return nil }
        let point = entered.imagePoint(x: Double(x) / 256, y: Double(y) / 256)
        position = point
        return point
    }

    private func entered(_ surface: OpaquePointer?, serial: UInt32, x: wl_fixed_t, y: wl_fixed_t) {
        enterSerial = serial
        latestSerial = serial
        entered = surface.flatMap { places[$0] }
        if let pointer { onEnter?(pointer, serial) }
        guard let point = moved(x, y) else { return }
        enqueue(.motion(x: point.x, y: point.y, modifiers: modifiers.union(buttons)))
    }

    private func motion(x: wl_fixed_t, y: wl_fixed_t) {
        guard let point = moved(x, y) else { return }
        enqueue(.motion(x: point.x, y: point.y, modifiers: modifiers.union(buttons)))
    }

    /// X's button numbers for the kernel's codes (`BTN_LEFT` 0x110 and on).
    static func buttonNumber(_ code: UInt32) -> Int? {
        switch code {
        case 0x110: 1
        case 0x112: 2
        case 0x111: 3
        case 0x113: 8
        case 0x114: 9
        default: nil
        }
    }

    private static func heldMask(_ button: Int) -> LiveModifiers {
        switch button {
        case 1: .button1
        case 2: .button2
        case 3: .button3
        default: []
        }
    }

    private func button(serial: UInt32, time: UInt32, code: UInt32, pressed: Bool) {
        latestSerial = serial
        // Over a surface of no place (the backdrop around a region shown full screen): nothing.
        guard let number = Self.buttonNumber(code), entered != nil, let (x, y) = position else { return }
        // As X reports them: the buttons held before this event.
        let held = modifiers.union(buttons)
        if pressed {
            let count = clicks.press(button: UInt32(number), time: UInt(time), x: x, y: y)
            buttons.insert(Self.heldMask(number))
            enqueue(.press(LivePointerEvent(button: number, x: x, y: y, clickCount: count, modifiers: held)))
        } else {
            buttons.remove(Self.heldMask(number))
            enqueue(.release(LivePointerEvent(button: number, x: x, y: y, clickCount: clicks.current, modifiers: held)))
        }
    }

    /// A wheel turn, as X reports it: a press and release of button 4 (up), 5 (down), 6 (left) or 7 (right).
    private func axis(_ axis: UInt32, value: wl_fixed_t) {
        guard value != 0, entered != nil, let (x, y) = position else { return }
        let vertical = axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue
        let number = vertical ? (value < 0 ? 4 : 5) : (value < 0 ? 6 : 7)
        let event = LivePointerEvent(button: number, x: x, y: y, clickCount: 1, modifiers: modifiers.union(buttons))
        enqueue(.press(event))
        enqueue(.release(event))
    }

    // MARK: Keyboard

    private func keymap(format: UInt32, descriptor: Int32, size: UInt32) {
        defer { Glibc.close(descriptor) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, size > 0, let context else { return }
        guard let mapped = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, descriptor, 0),
              mapped != UnsafeMutableRawPointer(bitPattern: -1) else { return }
        defer { munmap(mapped, Int(size)) }
        let text = mapped.assumingMemoryBound(to: CChar.self)
        // The keymap ends with a NUL the length counts; xkbcommon wants the text alone.
        guard let made = xkb_keymap_new_from_buffer(context, text, strnlen(text, Int(size)),
                                                    XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS) else { return }
        dropKeymap()
        keymap = made
        state = xkb_state_new(made)
    }

    private func modifiersChanged(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        guard let state else { return }
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
        var found: LiveModifiers = []
        for (name, modifier) in [("Shift", LiveModifiers.shift), ("Control", .control), ("Mod1", .alt), ("Mod4", .superKey)]
            where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0 {
            found.insert(modifier)
        }
        modifiers = found
    }

    private func key(_ code: UInt32, serial: UInt32, pressed: Bool) {
        latestSerial = serial
        guard let state else { return }
        // Evdev codes are X keycodes less 8.
        let keysym = xkb_state_key_get_one_sym(state, code + 8)
        // Shift, Control and the like (Shift_L … Hyper_R) are heard as the modifiers of other keys.
        guard keysym != 0, !(0xffe1...0xffee).contains(keysym) else { return }
        let key = LiveKeyEvent(keysym: keysym, modifiers: modifiers.union(buttons))
        enqueue(pressed ? .key(key) : .keyRelease(key))
        if pressed {
            let repeats = keymap.map { xkb_keymap_key_repeats($0, code + 8) != 0 } ?? false
            repeating.pressed(key, code: code, repeats: repeats, now: .now)
        } else {
            repeating.released(code: code)
        }
    }

    // MARK: Listeners

    private static func input(_ data: UnsafeMutableRawPointer?) -> LiveSeatInput? {
        data.map { Unmanaged<LiveSeatInput>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let seatListener = ListenerTable(wl_seat_listener(
        capabilities: { data, _, capabilities in input(data)?.capabilities(capabilities) },
        name: { _, _, _ in }))

    private static let pointerListener = ListenerTable(wl_pointer_listener(
        enter: { data, _, serial, surface, x, y in input(data)?.entered(surface, serial: serial, x: x, y: y) },
        leave: { data, _, _, _ in input(data)?.enterSerial = nil },
        motion: { data, _, _, x, y in input(data)?.motion(x: x, y: y) },
        button: { data, _, serial, time, button, state in
            input(data)?.button(serial: serial, time: time, code: button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
        },
        axis: { data, _, _, axis, value in input(data)?.axis(axis, value: value) },
        frame: { _, _ in },
        axis_source: { _, _, _ in },
        axis_stop: { _, _, _, _ in },
        axis_discrete: { _, _, _, _ in },
        axis_value120: { _, _, _, _ in }))

    private static let keyboardListener = ListenerTable(wl_keyboard_listener(
        keymap: { data, _, format, descriptor, size in
            guard let input = input(data) else { Glibc.close(descriptor); return }
            input.keymap(format: format, descriptor: descriptor, size: size)
        },
        enter: { data, _, serial, _, _ in input(data)?.latestSerial = serial },
        leave: { data, _, _, _ in input(data)?.repeating.stop() },
        key: { data, _, serial, _, key, state in
            input(data)?.key(key, serial: serial, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)
        },
        modifiers: { data, _, _, depressed, latched, locked, group in
            input(data)?.modifiersChanged(depressed: depressed, latched: latched, locked: locked, group: group)
        },
        repeat_info: { data, _, rate, delay in
            guard let input = input(data) else { return }
            (input.repeating.rate, input.repeating.delay) = (max(0, Int(rate)), max(0, Int(delay)))
        }))
}

/// Where a surface's units go in the frozen image: the image pixel at the surface's top-left
/// corner, and image pixels a surface unit across and down.
struct SurfacePlace: Equatable {
    var originX: Int
    var originY: Int
    var scaleX: Double
    var scaleY: Double

    /// The image pixel under surface point (`x`, `y`) (also outside the surface, as during a drag).
    func imagePoint(x: Double, y: Double) -> (x: Int, y: Int) {
        (originX + Int((x * scaleX).rounded(.down)), originY + Int((y * scaleY).rounded(.down)))
    }
}
