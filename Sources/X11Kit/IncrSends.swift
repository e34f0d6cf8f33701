import CX11
import Foundation

/// The sending side of INCR (ICCCM §2.7.2): we put an INCR property with the size, and each time
/// the requestor deletes the property we write the next piece; an empty piece ends the transfer.
/// Several transfers can run at once; each is dropped alone when its requestor goes away (BadWindow,
/// DestroyNotify) or stops taking pieces for `stallTimeout`.
extension SelectionServer {
    func startIncr(_ bytes: Data, type: Atom, into property: Atom, of requestor: Window) -> Bool {
        // A requestor asking again into the same property starts over.
        sends.removeAll { $0.requestor == requestor && $0.property == property }
        let error = display.trapErrors {
            // We must see the requestor delete the property: watch its window (and its end).
            XSelectInput(display.handle, requestor, PropertyChangeMask | StructureNotifyMask)
            display.setProperty(of: requestor, property, type: atoms.incr, longs: [UInt(bytes.count)])
        }
        guard error == nil else {
            stopWatching(requestor)
            return false
        }
        sends.append(IncrSend(requestor: requestor, property: property, type: type, data: bytes, lastActivity: .now))
        return true
    }

    /// A PropertyNotify on a requestor's window: the next piece when it deleted our property.
    func propertyChanged(_ event: XPropertyEvent) {
        guard event.state == PropertyDelete,
              let index = sends.firstIndex(where: { $0.requestor == event.window && $0.property == event.atom }) else { return }
        var send = sends[index]
        let length = min(chunkSize, send.data.count - send.offset)
        let start = send.data.startIndex + send.offset
        let piece = send.data[start..<start + length]
        let error = display.trapErrors {
            display.setProperty(of: send.requestor, send.property, type: send.type, bytes: Data(piece))
        }
        if error != nil || length == 0 {
            // Gone (BadWindow), or that was the empty piece that ends the transfer.
            finish(at: index)
            return
        }
        send.offset += length
        send.lastActivity = .now
        sends[index] = send
    }

    /// A requestor window we watched was destroyed: its transfers end.
    func windowDestroyed(_ destroyed: Window) {
        sends.removeAll { $0.requestor == destroyed }
    }

    /// Drops transfers whose requestor stopped taking pieces.
    func dropStalled(now: ContinuousClock.Instant = .now) {
        while let index = sends.firstIndex(where: { now - $0.lastActivity >= stallTimeout }) {
            finish(at: index)
        }
    }

    /// When the next stalled transfer would be dropped.
    var nextStallDeadline: ContinuousClock.Instant? {
        sends.map(\.lastActivity).min().map { $0 + stallTimeout }
    }

    /// Stops all transfers (closing), leaving no event selection on other programs' windows.
    func stopAllSends() {
        while !sends.isEmpty { finish(at: sends.count - 1) }
    }

    private func finish(at index: Int) {
        let requestor = sends[index].requestor
        sends.remove(at: index)
        stopWatching(requestor)
    }

    /// Our event selection on a requestor's window ends with its last transfer.
    func stopWatching(_ requestor: Window) {
        guard requestor != window, !sends.contains(where: { $0.requestor == requestor }) else { return }
        // Not trapped (no round trip): a BadWindow for a window already gone is recorded by the
        // error handler and dropped by the next trap.
        XSelectInput(display.handle, requestor, NoEventMask)
        display.flush()
    }
}
