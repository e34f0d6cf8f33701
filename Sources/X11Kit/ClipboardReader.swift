import CX11
import Foundation
import LiveTextCore

/// Reads what another program put on the clipboard (or the primary selection): the formats it
/// offers, an encoded image, or text.
///
/// Uses the given connection from the calling thread, one call at a time: it belongs to whoever
/// owns the connection, and no other thread may use either during a call. No lock: one would be
/// held across the owner's answer. Events of other windows on the connection are left in its
/// queue. Each call waits at most `timeout` per step for the owner and `within` for all its
/// steps together, and ends at once when `cancel` is raised. The owner is another program, maybe
/// a slow or hostile one: give the reader a connection nobody else waits on (`readImage` opens
/// one of its own).
// `@unchecked Sendable`: it may move between threads with its connection, never be shared by them.
public final class ClipboardReader: @unchecked Sendable {
    private let display: X11Display
    /// Our requestor window: small, unmapped, replaced after a failed transfer.
    private(set) var window: Window = 0
    private let property: Atom
    private let cancel: WaitCancellation?

    /// Text is read up to this size: more is not something a person copied to read.
    static let maxTextBytes = 64 << 20

    /// How long one call may take in all, by default: an owner that sends its data slowly (a
    /// byte now and then) is given up on then, however steadily it sends.
    public static let defaultDeadline: Duration = .seconds(10)

    public init(display: X11Display, cancel: WaitCancellation? = nil) {
        self.display = display
        self.property = display.atom("LIVETEXT_SELECTION")
        self.cancel = cancel
    }

    deinit {
        if window != 0, !display.isClosed, !display.isBroken {
            XDestroyWindow(display.handle, window)
            display.flush()
        }
    }

    /// The targets (formats) the owner of `selection` offers, e.g. `TARGETS`, `image/png`.
    ///
    /// Throws `.notFound` when nothing owns the selection; an owner that refuses the TARGETS
    /// request gives an empty list.
    public func targets(of selection: SelectionName = .clipboard, timeout: Duration = .seconds(3),
                        within: Duration = defaultDeadline) throws -> [String] {
        try checked(within) { call in
            let owner = try currentOwner(of: selection)
            return try targetList(selection, owner: owner, call: call, timeout: timeout)
        }
    }

    /// The encoded image the owner offers (image/png preferred, then image/jpeg, image/bmp,
    /// image/tiff, image/x-portable-anymap / image/x-portable-pixmap, image/gif, image/webp, other image/*).
    ///
    /// Throws `.notFound` when the selection is empty, holds no image or the owner refuses,
    /// `.tooLarge` over `maxBytes` (reading stops there), `.failed` when the owner does not answer
    /// a step within `timeout` or has not sent it all `within` (naming the owner and what it
    /// sent), `.cancelled` when `cancel` is raised, `.unavailable` when the display went away.
    public func image(from selection: SelectionName = .clipboard, maxBytes: Int,
                      timeout: Duration = .seconds(3), within: Duration = defaultDeadline) throws -> ClipboardImage {
        try checked(within) { call in
            let owner = try currentOwner(of: selection)
            let offered = try targetList(selection, owner: owner, call: call, timeout: timeout)
            guard let chosen = ClipboardWording.bestImageType(in: offered) else {
                throw LiveTextError(.notFound, "\(selection.spokenName) holds no image (it offers: \(ClipboardWording.summary(of: offered))); copy an image first")
            }
            guard let value = try convert(selection, owner: owner, target: display.atom(chosen),
                                          maxBytes: maxBytes, call: call, timeout: timeout) else {
                throw LiveTextError(.notFound, "the owner of \(selection.spokenName) (window \(hexID(owner))) refused to hand over its \(chosen) image; copy the image again")
            }
            guard !value.data.isEmpty else {
                throw LiveTextError(.invalidImage, "the owner of \(selection.spokenName) (window \(hexID(owner))) sent an empty \(chosen) image")
            }
            return ClipboardImage(data: value.data, mimeType: chosen)
        }
    }

    /// The text the owner offers as UTF8_STRING, else as STRING (Latin-1); nil when it offers
    /// neither. Throws `.notFound` when nothing owns the selection.
    public func text(from selection: SelectionName = .clipboard, timeout: Duration = .seconds(3),
                     within: Duration = defaultDeadline) throws -> String? {
        try checked(within) { call in
            let owner = try currentOwner(of: selection)
            if let utf8 = try convert(selection, owner: owner, target: display.atom("UTF8_STRING"),
                                      maxBytes: Self.maxTextBytes, call: call, timeout: timeout) {
                return String(decoding: Self.trimmingTrailingNULs(utf8.data), as: UTF8.self)
            }
            if let latin1 = try convert(selection, owner: owner, target: display.atom("STRING"),
                                        maxBytes: Self.maxTextBytes, call: call, timeout: timeout) {
                return String(Self.trimmingTrailingNULs(latin1.data).map { Character(Unicode.Scalar($0)) })
            }
            return nil
        }
    }

    // MARK: - Steps

    /// One call's bound: it ends by `deadline`, `within` after it started.
    private struct Call {
        let within: Duration
        let deadline: ContinuousClock.Instant
    }

    /// Runs `body` on a connection that is still open and alive, by a deadline `within` from now.
    private func checked<T>(_ within: Duration, _ body: (Call) throws -> T) throws -> T {
        try cancel?.check()
        if display.isClosed { throw LiveTextError(.unavailable, "the X display connection was closed") }
        try display.checkAlive()
        return try body(Call(within: within, deadline: .now + within))
    }

    private func currentOwner(of selection: SelectionName) throws -> Window {
        let owner = XGetSelectionOwner(display.handle, display.atom(selection.rawValue))
        try display.checkAlive()
        guard owner != 0 else {
            throw LiveTextError(.notFound, "\(selection.spokenName) is empty; copy something first")
        }
        return owner
    }

    private func targetList(_ selection: SelectionName, owner: Window, call: Call, timeout: Duration) throws -> [String] {
        guard let value = try convert(selection, owner: owner, target: display.atom("TARGETS"),
                                      maxBytes: 1 << 20, call: call, timeout: timeout),
              let atoms = value.longs else { return [] }
        return display.atomNames(atoms.filter { $0 != 0 }).compactMap { $0 }
    }

    /// One conversion; on any failure the requestor window is replaced, so that an owner still
    /// answering (late, or in INCR pieces) writes to a window that no longer exists.
    private func convert(_ selection: SelectionName, owner: Window, target: Atom, maxBytes: Int,
                         call: Call, timeout: Duration) throws -> PropertyValue? {
        if window == 0 { window = makeWindow() }
        let transfer = SelectionTransfer(display: display, window: window, property: property,
                                         selection: selection, owner: owner, deadline: call.deadline, cancel: cancel)
        do {
            return try transfer.run(target: target, maxBytes: maxBytes, timeout: timeout)
        } catch let failure as SelectionTransfer.Failure {
            discardWindow()
            switch failure {
            case .timeout:
                throw LiveTextError(.failed, "the owner of \(selection.spokenName) (window \(hexID(owner))) did not answer within \(timeout.spoken); try copying again")
            case .deadline(let received):
                throw LiveTextError(.failed, "the owner of \(selection.spokenName) (\(describe(owner))) sent \(ClipboardWording.byteCount(received)) in \(call.within.spoken): gave up; copy again, or from another program")
            case .tooLarge(let size):
                throw LiveTextError(.tooLarge, "\(selection.spokenName) holds at least \(ClipboardWording.byteCount(size)), more than the \(ClipboardWording.byteCount(maxBytes)) allowed; copy something smaller")
            }
        } catch {
            discardWindow()
            throw error
        }
    }

    /// "window 0x…" and, when it has one, the owner's WM_CLASS (instance/class), for a message.
    private func describe(_ owner: Window) -> String {
        var hint = XClassHint()
        var named = ""
        display.trapErrors {
            guard XGetClassHint(display.handle, owner, &hint) != 0 else { return }
            // The owner chose these bytes: printable characters only, and not too many.
            let parts = [hint.res_name, hint.res_class].compactMap { $0.map { String(cString: $0) } }
            let printable = parts.filter { !$0.isEmpty }.joined(separator: "/").unicodeScalars
                .filter { $0.value >= 0x20 && $0.value < 0x7F }.prefix(64)
            named = String(String.UnicodeScalarView(printable))
            if let name = hint.res_name { XFree(name) }
            if let kind = hint.res_class { XFree(kind) }
        }
        return "window \(hexID(owner))" + (named.isEmpty ? "" : ", WM_CLASS \(named)")
    }

    private func makeWindow() -> Window {
        let d = display.handle
        let created = XCreateSimpleWindow(d, display.root, -10, -10, 1, 1, 0, 0, 0)
        XSelectInput(d, created, PropertyChangeMask)
        return created
    }

    private func discardWindow() {
        guard window != 0 else { return }
        if !display.isBroken {
            XDestroyWindow(display.handle, window)
            display.flush()
        }
        window = 0
    }

    // MARK: - Helpers

    private static func trimmingTrailingNULs(_ data: Data) -> Data {
        var end = data.endIndex
        while end > data.startIndex, data[end - 1] == 0 { end -= 1 }
        return data[data.startIndex..<end]
    }
}
