import CX11
import Foundation

/// Answers SelectionRequest events for the selections we own (ICCCM §2.2), including MULTIPLE
/// (§2.6.2) and INCR sends of large data (§2.7.2). Lives on the owner's thread and connection.
final class SelectionServer {
    struct Ownership {
        var payload: TextPayload
        /// The server time we took the selection at (answered for TIMESTAMP).
        var time: Time
    }

    /// One INCR transfer under way to a requestor.
    struct IncrSend {
        let requestor: Window
        let property: Atom
        let type: Atom
        let data: Data
        var offset = 0
        var lastActivity: ContinuousClock.Instant
    }

    let display: X11Display
    let window: Window
    let atoms: SelectionAtoms
    /// Data larger than this goes by INCR, in pieces of this size.
    let chunkSize: Int
    /// A requestor that has not taken the last piece for this long is dropped.
    let stallTimeout: Duration

    /// The selections we own, by selection atom.
    var owned: [Atom: Ownership] = [:]
    /// INCR transfers under way (IncrSends.swift).
    var sends: [IncrSend] = []

    init(display: X11Display, window: Window, atoms: SelectionAtoms, stallTimeout: Duration) {
        self.display = display
        self.window = window
        self.atoms = atoms
        self.stallTimeout = stallTimeout
        // XMaxRequestSize counts 4-byte units; leave room for the request header. We stay under the
        // plain maximum, not XExtendedMaxRequestSize (BIG-REQUESTS): requestors expect INCR for data
        // this large, and a single multi-megabyte property would have to be held whole by the server.
        let maxRequest = XMaxRequestSize(display.handle) * 4
        chunkSize = max(4096, min(maxRequest - 1024, 256 * 1024))
    }

    // MARK: - Requests

    func handle(_ request: XSelectionRequestEvent) {
        // A requestor following the obsolete convention passes None: the target names the property.
        let property = request.property == 0 ? request.target : request.property
        var success = false
        if let ownership = owned[request.selection],
           request.time == 0 || serverTime(request.time, isAtOrAfter: ownership.time) {
            if request.target == atoms.multiple {
                success = request.property != 0 && convertMultiple(into: property, of: request.requestor, ownership)
            } else {
                success = convert(request.target, into: property, of: request.requestor, ownership)
            }
        }
        var event = XEvent()
        event.xselection = XSelectionEvent(type: SelectionNotify, serial: 0, send_event: 1, display: display.handle,
                                           requestor: request.requestor, selection: request.selection,
                                           target: request.target, property: success ? property : 0, time: request.time)
        display.trapErrors { _ = XSendEvent(display.handle, request.requestor, 0, 0, &event) }
    }

    /// Writes `target` into `property` of `requestor`; false when we do not serve that target or
    /// the requestor is gone.
    private func convert(_ target: Atom, into property: Atom, of requestor: Window, _ ownership: Ownership) -> Bool {
        let text = ownership.payload
        switch target {
        case atoms.targets:
            return write(into: property, of: requestor, type: atoms.atom, longs: atoms.served(text).map { UInt($0) })
        case atoms.timestamp:
            return write(into: property, of: requestor, type: atoms.integer, longs: [UInt(ownership.time)])
        case atoms.saveTargets:
            // A side-effect target (ICCCM §2.6.3): the answer is an empty NULL. The saving is done
            // by the clipboard manager we ask (ClipboardOwner.handOffToManager).
            return write(into: property, of: requestor, type: atoms.null, longs: [])
        case atoms.utf8String, atoms.textPlainUTF8:
            return send(text.utf8, type: target, into: property, of: requestor)
        case atoms.textHTML:
            guard let html = text.html else { return false }
            return send(html, type: target, into: property, of: requestor)
        case atoms.textPlain:
            return send(text.ascii, type: target, into: property, of: requestor)
        case atoms.string:
            return send(text.latin1, type: atoms.string, into: property, of: requestor)
        case atoms.text:
            // TEXT lets the owner choose the encoding; the property type says which.
            return text.fitsLatin1 ? send(text.latin1, type: atoms.string, into: property, of: requestor)
                                   : send(text.utf8, type: atoms.utf8String, into: property, of: requestor)
        default:
            return false
        }
    }

    /// MULTIPLE: the property holds (target, property) pairs; each is converted, and the pairs we
    /// could not convert get None as their property, written back.
    private func convertMultiple(into property: Atom, of requestor: Window, _ ownership: Ownership) -> Bool {
        var list: PropertyValue?
        let error = display.trapErrors { list = try? display.readProperty(of: requestor, property, delete: false, maxBytes: 1 << 16) }
        guard error == nil, let list, var pairs = list.longs, pairs.count >= 2 else { return false }
        var refusedAny = false
        for index in stride(from: 0, to: pairs.count - 1, by: 2) {
            let target = Atom(pairs[index]), into = Atom(pairs[index + 1])
            if target == atoms.multiple || into == 0 || !convert(target, into: into, of: requestor, ownership) {
                pairs[index + 1] = 0
                refusedAny = true
            }
        }
        if refusedAny {
            let type = list.type
            display.trapErrors { display.setProperty(of: requestor, property, type: type, longs: pairs) }
        }
        return true
    }

    private func write(into property: Atom, of requestor: Window, type: Atom, longs: [UInt]) -> Bool {
        display.trapErrors { display.setProperty(of: requestor, property, type: type, longs: longs) } == nil
    }

    /// Bytes at once when they fit one request, else by INCR.
    private func send(_ bytes: Data, type: Atom, into property: Atom, of requestor: Window) -> Bool {
        if bytes.count <= chunkSize {
            return display.trapErrors { display.setProperty(of: requestor, property, type: type, bytes: bytes) } == nil
        }
        return startIncr(bytes, type: type, into: property, of: requestor)
    }
}
