import CX11
import Foundation
import LiveTextCore

/// One conversion request (ICCCM §2.4): asks the owner of `selection` for `target` into a property
/// of our requestor window, waits for its SelectionNotify, and reads the answer, directly or by the
/// INCR protocol (§2.7.2) when the owner sends it in pieces.
///
/// The requestor window must select PropertyChangeMask. When the transfer fails half-way (timeout,
/// deadline, too large, cancelled), the caller should destroy the window: an owner still sending
/// INCR pieces then gets BadWindow and stops, and nothing is left on a window we keep.
struct SelectionTransfer {
    let display: X11Display
    let window: Window
    let property: Atom
    let selection: SelectionName
    /// The window that owned the selection when we asked, for messages.
    let owner: Window
    /// The whole transfer ends by then, however steadily the owner keeps sending: a piece that
    /// comes in time does not renew it.
    let deadline: ContinuousClock.Instant
    /// Ends a wait at once with `LiveTextError.cancelled`.
    let cancel: WaitCancellation?

    enum Failure: Error {
        /// The owner did not answer a step within the timeout.
        case timeout
        /// The transfer was not done by `deadline`; `received` bytes had come.
        case deadline(received: Int)
        /// The data is larger than allowed; `size` is what the owner announced (a lower bound for INCR).
        case tooLarge(size: Int)
    }

    /// The data for `target`, or nil when the owner refused the conversion (property None).
    /// Each step (the answer, then each INCR piece) must come within `timeout`, and all of them
    /// before `deadline`; every piece is checked against `maxBytes` before it is kept.
    func run(target: Atom, maxBytes: Int, timeout: Duration) throws -> PropertyValue? {
        let d = display.handle
        XDeleteProperty(d, window, property)
        discardEvents(of: window)
        let selectionAtom = display.atom(selection.rawValue)
        XConvertSelection(d, selectionAtom, target, property, window, 0 /* CurrentTime */)
        let notify = try display.waitForEvent(until: stepEnd(timeout), cancel: cancel) { () -> XSelectionEvent? in
            var event = XEvent()
            while XCheckTypedWindowEvent(d, window, SelectionNotify, &event) != 0 {
                // A late answer to an earlier request that timed out is not ours.
                if event.xselection.selection == selectionAtom, event.xselection.target == target { return event.xselection }
            }
            return nil
        }
        guard let notify else { throw expired(received: 0) }
        guard notify.property != 0 else { return nil }

        let first: PropertyValue?
        do {
            first = try display.readProperty(of: window, notify.property, delete: true, maxBytes: maxBytes)
        } catch let error as PropertyTooLarge {
            throw Failure.tooLarge(size: error.size)
        }
        guard let first else { return nil }
        guard first.type == display.atom("INCR") else { return first }

        // INCR: reading (and so deleting) the INCR property asked for the first piece; each piece
        // comes as a new value of the property, read and deleted in turn, until an empty one.
        let announced = Int(first.longs?.first ?? 0)
        if announced > maxBytes {
            try drainIncr(notify.property, timeout: timeout)
            throw Failure.tooLarge(size: announced)
        }
        var data = Data()
        while true {
            guard try waitForNewValue(of: notify.property, timeout: timeout) else { throw expired(received: data.count) }
            let piece: PropertyValue?
            do {
                piece = try display.readProperty(of: window, notify.property, delete: true, maxBytes: maxBytes - data.count)
            } catch let error as PropertyTooLarge {
                try drainIncr(notify.property, timeout: timeout)
                throw Failure.tooLarge(size: data.count + error.size)
            }
            // No property: a notification from before a piece we already read; wait for the next.
            guard let piece else { continue }
            if piece.data.isEmpty { return PropertyValue(type: piece.type, format: piece.format, data: data) }
            data.append(piece.data)
        }
    }

    /// When a step that may take `timeout` must end: then, or at the deadline if sooner.
    private func stepEnd(_ timeout: Duration) -> ContinuousClock.Instant {
        min(.now + timeout, deadline)
    }

    /// Why a step ended without an answer: the whole transfer's deadline, or the step's timeout.
    private func expired(received: Int) -> Failure {
        ContinuousClock.now >= deadline ? .deadline(received: received) : .timeout
    }

    /// Waits for the owner to put a new value in `property`; false at the timeout or the deadline.
    private func waitForNewValue(of property: Atom, timeout: Duration) throws -> Bool {
        let d = display.handle
        return try display.waitForEvent(until: stepEnd(timeout), cancel: cancel) { () -> Bool? in
            var event = XEvent()
            while XCheckTypedWindowEvent(d, window, PropertyNotify, &event) != 0 {
                if event.xproperty.atom == property, event.xproperty.state == PropertyNewValue { return true }
            }
            return nil
        } ?? false
    }

    /// Lets an INCR transfer we no longer want run to its end without reading it: each piece is
    /// deleted unread until the empty one. Many owners (xclip among them) serve nobody else while
    /// a transfer is open, and never give up on a requestor that vanished; so ending it politely
    /// keeps the clipboard usable. Stops early (the caller then drops the window) when the owner
    /// stalls, after `drainLimit`, or at the deadline.
    private func drainIncr(_ property: Atom, timeout: Duration) throws {
        let d = display.handle
        let end = min(ContinuousClock.now + Self.drainLimit, deadline)
        while ContinuousClock.now < end, try waitForNewValue(of: property, timeout: timeout) {
            var type: Atom = 0, format: Int32 = 0, count: UInt = 0, size: UInt = 0
            var bytes: UnsafeMutablePointer<UInt8>?
            let status = XGetWindowProperty(d, window, property, 0, 0, 0, 0, &type, &format, &count, &size, &bytes)
            if let bytes { XFree(bytes) }
            guard status == Success, type != 0 else { continue }
            XDeleteProperty(d, window, property)
            if size == 0 { return }
        }
    }

    /// How long an unwanted INCR transfer is let run to its end.
    static let drainLimit: Duration = .seconds(30)

    /// Drops leftover SelectionNotify/PropertyNotify events of an earlier request on `window`.
    private func discardEvents(of window: Window) {
        var event = XEvent()
        while XCheckTypedWindowEvent(display.handle, window, SelectionNotify, &event) != 0 {}
        while XCheckTypedWindowEvent(display.handle, window, PropertyNotify, &event) != 0 {}
    }
}
