import CDBus
import Dispatch
import Foundation

/// The dispatch sources standing for one libdbus watch. A disabled watch has no sources at all: they
/// are created when libdbus enables the watch and cancelled when it disables it. (Suspending instead
/// would need exact suspend/resume balancing, and a write source left running on a writable socket
/// would fire without end.)
final class WatchSources {
    let watch: OpaquePointer
    private var sources: [DispatchSourceProtocol] = []

    init(watch: OpaquePointer) {
        self.watch = watch
    }

    func setEnabled(_ enabled: Bool, core: ConnectionCore) {
        if enabled == !sources.isEmpty { return }
        if !enabled {
            cancel()
            return
        }
        // libdbus closes its socket right after removing the watch, while cancelling a dispatch source
        // completes later: the descriptor must stay open until then, or a new connection that gets
        // the same number would inherit the stale epoll registration and never be woken. So the
        // sources watch a duplicate, closed only after the last of them is cancelled.
        let fd = WatchedDescriptor(duplicating: dbus_watch_get_unix_fd(watch))
        guard fd.fd >= 0 else { return }
        let flags = dbus_watch_get_flags(watch)
        let watch = self.watch
        if flags & DBUS_WATCH_READABLE.rawValue != 0 {
            let source = DispatchSource.makeReadSource(fileDescriptor: fd.fd, queue: core.queue)
            source.setEventHandler { [unowned core] in core.handle(watch: watch, condition: DBUS_WATCH_READABLE.rawValue) }
            source.setCancelHandler { withExtendedLifetime(fd) {} }
            sources.append(source)
        }
        if flags & DBUS_WATCH_WRITABLE.rawValue != 0 {
            let source = DispatchSource.makeWriteSource(fileDescriptor: fd.fd, queue: core.queue)
            source.setEventHandler { [unowned core] in core.handle(watch: watch, condition: DBUS_WATCH_WRITABLE.rawValue) }
            source.setCancelHandler { withExtendedLifetime(fd) {} }
            sources.append(source)
        }
        for source in sources { source.resume() }
    }

    func cancel() {
        for source in sources { source.cancel() }
        sources.removeAll()
    }
}

/// A duplicate of a watched socket, closed when the last dispatch source using it lets go (their
/// cancel handlers hold it).
final class WatchedDescriptor: Sendable {
    let fd: Int32

    init(duplicating fd: Int32) {
        self.fd = fcntl(fd, F_DUPFD_CLOEXEC, 0)
    }

    deinit {
        if fd >= 0 { close(fd) }
    }
}

extension ConnectionCore {
    func installMainLoop() throws {
        guard let connection = raw else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard dbus_connection_set_watch_functions(connection, addWatch, removeWatch, toggleWatch, me, nil) != 0,
              dbus_connection_set_timeout_functions(connection, addTimeout, removeTimeout, toggleTimeout, me, nil) != 0
        else { throw DBusError.noMemory }
        dbus_connection_set_wakeup_main_function(connection, wakeUp, me, nil)
        dbus_connection_set_dispatch_status_function(connection, dispatchStatusChanged, me, nil)
    }

    func removeMainLoop() {
        if let connection = raw {
            _ = dbus_connection_set_watch_functions(connection, nil, nil, nil, nil, nil)
            _ = dbus_connection_set_timeout_functions(connection, nil, nil, nil, nil, nil)
            dbus_connection_set_wakeup_main_function(connection, nil, nil, nil)
            dbus_connection_set_dispatch_status_function(connection, nil, nil, nil)
        }
        for (_, watch) in watches { watch.cancel() }
        watches.removeAll()
        for (_, timer) in timers { timer.cancel() }
        timers.removeAll()
    }

    /// Dispatches queued incoming messages, a bounded batch at a time so that a flood of messages
    /// still lets the socket sources and outgoing sends take their turns on the queue.
    func dispatchPending() {
        dispatchPrecondition(condition: .onQueue(queue))
        var budget = 64
        while let connection = raw, dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS {
            guard budget > 0 else {
                scheduleDispatch()
                return
            }
            budget -= 1
            _ = dbus_connection_dispatch(connection)
        }
    }

    /// Dispatching from inside a libdbus callback is not allowed, so it is deferred to the queue.
    func scheduleDispatch() {
        guard !dispatchScheduled else { return }
        dispatchScheduled = true
        queue.async {
            self.dispatchScheduled = false
            self.dispatchPending()
        }
    }

    fileprivate func add(watch: OpaquePointer) -> Bool {
        guard dbus_watch_get_unix_fd(watch) >= 0 else { return false }
        let entry = WatchSources(watch: watch)
        watches[watch] = entry
        entry.setEnabled(dbus_watch_get_enabled(watch) != 0, core: self)
        return true
    }

    func handle(watch: OpaquePointer, condition: UInt32) {
        // The watch may have been removed or disabled by an earlier event in this same turn.
        guard watches[watch] != nil, dbus_watch_get_enabled(watch) != 0 else { return }
        _ = dbus_watch_handle(watch, condition)
        dispatchPending()
    }

    fileprivate func remove(watch: OpaquePointer) {
        watches.removeValue(forKey: watch)?.cancel()
    }

    /// libdbus may toggle the read watch from the thread that frees a received message (its size
    /// counter crossing the limit), so a toggle off the queue is carried over to the queue.
    fileprivate func toggle(watch: OpaquePointer) {
        if DispatchQueue.getSpecific(key: ConnectionCore.queueKey) === queueToken {
            watches[watch]?.setEnabled(dbus_watch_get_enabled(watch) != 0, core: self)
        } else {
            // The pointer travels as an integer; it is only dereferenced if the watch is still registered.
            let address = UInt(bitPattern: watch)
            queue.async {
                guard let watch = OpaquePointer(bitPattern: address), let entry = self.watches[watch] else { return }
                entry.setEnabled(dbus_watch_get_enabled(watch) != 0, core: self)
            }
        }
    }

    fileprivate func add(timeout: OpaquePointer) -> Bool {
        timers.removeValue(forKey: timeout)?.cancel()
        guard dbus_timeout_get_enabled(timeout) != 0 else { return true }
        let interval = DispatchTimeInterval.milliseconds(Int(max(dbus_timeout_get_interval(timeout), 0)))
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [unowned self] in
            guard self.timers[timeout] != nil else { return }
            _ = dbus_timeout_handle(timeout)
            self.dispatchPending()
        }
        timers[timeout] = timer
        timer.resume()
        return true
    }

    fileprivate func remove(timeout: OpaquePointer) {
        timers.removeValue(forKey: timeout)?.cancel()
    }
}

// libdbus calls these from inside its own calls, which all happen on the core's queue.

private func core(_ data: UnsafeMutableRawPointer?) -> ConnectionCore {
    Unmanaged<ConnectionCore>.fromOpaque(data!).takeUnretainedValue()
}

private let addWatch: DBusAddWatchFunction = { watch, data in
    guard let watch else { return 0 }
    return core(data).add(watch: watch) ? 1 : 0
}

private let removeWatch: DBusRemoveWatchFunction = { watch, data in
    guard let watch else { return }
    core(data).remove(watch: watch)
}

private let toggleWatch: DBusWatchToggledFunction = { watch, data in
    guard let watch else { return }
    core(data).toggle(watch: watch)
}

private let addTimeout: DBusAddTimeoutFunction = { timeout, data in
    guard let timeout else { return 0 }
    return core(data).add(timeout: timeout) ? 1 : 0
}

private let removeTimeout: DBusRemoveTimeoutFunction = { timeout, data in
    guard let timeout else { return }
    core(data).remove(timeout: timeout)
}

/// A toggled timeout restarts from its full interval, as libdbus expects.
private let toggleTimeout: DBusTimeoutToggledFunction = { timeout, data in
    guard let timeout else { return }
    _ = core(data).add(timeout: timeout)
}

private let wakeUp: DBusWakeupMainFunction = { data in
    let core = core(data)
    core.queue.async { core.dispatchPending() }
}

private let dispatchStatusChanged: DBusDispatchStatusFunction = { _, status, data in
    guard status == DBUS_DISPATCH_DATA_REMAINS else { return }
    core(data).scheduleDispatch()
}
