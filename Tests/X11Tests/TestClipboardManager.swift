import CX11
import Foundation
import TestSupport
@testable import X11Kit

/// A minimal clipboard manager after freedesktop.org's clipboard manager specification, in plain
/// Xlib (no X11Kit selection code, so it checks ours independently). It stands in for a real one
/// because none is installed here: it owns CLIPBOARD_MANAGER; on SAVE_TARGETS it reads the list
/// of targets from the requestor's property, fetches them from the CLIPBOARD owner with one
/// MULTIPLE request (as GNOME's and Xfce's managers do), takes CLIPBOARD with the request's time,
/// serves what it saved, and answers the SAVE_TARGETS request. Small data only (no INCR).
final class TestClipboardManager: @unchecked Sendable {
    private let display: X11Display
    private let window: Window
    private let lock = NSLock()
    private var stopping = false
    private var savedNames: [String] = []
    private let finished = DispatchSemaphore(value: 0)

    init(_ server: TestDisplay) throws {
        display = try X11Display(name: server.name)
        window = XCreateSimpleWindow(display.handle, display.root, 0, 0, 1, 1, 0, 0, 0)
        XSetSelectionOwner(display.handle, display.atom("CLIPBOARD_MANAGER"), window, 0)
        display.sync()
        let thread = Thread { [self] in run() }
        thread.start()
    }

    /// The targets it saved at the last SAVE_TARGETS.
    var saved: [String] {
        lock.lock()
        defer { lock.unlock() }
        return savedNames
    }

    func stop() {
        lock.lock()
        stopping = true
        lock.unlock()
        _ = finished.wait(timeout: .now() + 10)
    }

    private var shouldStop: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopping
    }

    private func run() {
        let d = display.handle
        let (manager, saveTargets, clipboard, targets) = (display.atom("CLIPBOARD_MANAGER"), display.atom("SAVE_TARGETS"),
                                                          display.atom("CLIPBOARD"), display.atom("TARGETS"))
        var store: [Atom: (type: Atom, data: Data)] = [:]
        var event = XEvent()
        while !shouldStop {
            while XPending(d) > 0 {
                XNextEvent(d, &event)
                guard event.type == SelectionRequest else { continue }
                let request = event.xselectionrequest
                var answered: Atom = 0
                if request.selection == manager, request.target == saveTargets, harvest(request, into: &store) {
                    answered = request.property
                } else if request.selection == clipboard, request.target == targets {
                    let list = ([targets] + Array(store.keys)).map { UInt($0) }
                    list.withUnsafeBytes { raw in
                        _ = XChangeProperty(d, request.requestor, request.property, display.atom("ATOM"), 32, PropModeReplace,
                                            raw.bindMemory(to: UInt8.self).baseAddress, Int32(list.count))
                    }
                    answered = request.property
                } else if request.selection == clipboard, let item = store[request.target] {
                    item.data.withUnsafeBytes { raw in
                        _ = XChangeProperty(d, request.requestor, request.property, item.type, 8, PropModeReplace,
                                            raw.bindMemory(to: UInt8.self).baseAddress, Int32(item.data.count))
                    }
                    answered = request.property
                }
                var reply = XEvent()
                reply.xselection = XSelectionEvent(type: SelectionNotify, serial: 0, send_event: 1, display: d,
                                                   requestor: request.requestor, selection: request.selection,
                                                   target: request.target, property: answered, time: request.time)
                XSendEvent(d, request.requestor, 0, 0, &reply)
                XFlush(d)
            }
            usleep(5_000)
        }
        XDestroyWindow(d, window)
        display.close()
        finished.signal()
    }

    /// Fetches the listed targets from the CLIPBOARD owner and takes CLIPBOARD over.
    private func harvest(_ request: XSelectionRequestEvent, into store: inout [Atom: (type: Atom, data: Data)]) -> Bool {
        let d = display.handle
        guard let list = try? display.readProperty(of: request.requestor, request.property, delete: false),
              let wanted = list.longs, !wanted.isEmpty else { return false }
        // One MULTIPLE request; each target into a property named like it.
        let multipleProperty = display.atom("TEST_MANAGER_MULTIPLE")
        let pairs = wanted.flatMap { [$0, $0] }
        pairs.withUnsafeBytes { raw in
            _ = XChangeProperty(d, window, multipleProperty, display.atom("ATOM_PAIR"), 32, PropModeReplace,
                                raw.bindMemory(to: UInt8.self).baseAddress, Int32(pairs.count))
        }
        XConvertSelection(d, display.atom("CLIPBOARD"), display.atom("MULTIPLE"), multipleProperty, window, request.time)
        XFlush(d)
        var event = XEvent()
        let deadline = ContinuousClock.now + .seconds(5)
        while XCheckTypedWindowEvent(d, window, SelectionNotify, &event) == 0 {
            if ContinuousClock.now > deadline { return false }
            usleep(5_000)
        }
        guard event.xselection.property != 0,
              let answered = try? display.readProperty(of: window, multipleProperty, delete: true),
              let results = answered.longs else { return false }
        store.removeAll()
        for index in stride(from: 0, to: results.count - 1, by: 2) where results[index + 1] != 0 {
            if let value = try? display.readProperty(of: window, Atom(results[index + 1]), delete: true), value.format == 8 {
                store[Atom(results[index])] = (value.type, value.data)
            }
        }
        guard !store.isEmpty else { return false }
        XSetSelectionOwner(d, display.atom("CLIPBOARD"), window, request.time)
        guard XGetSelectionOwner(d, display.atom("CLIPBOARD")) == window else { return false }
        let names = display.atomNames(Array(store.keys)).compactMap { $0 }
        lock.lock()
        savedNames = names
        lock.unlock()
        return true
    }
}
