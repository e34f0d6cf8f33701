import Glibc
import LiveTextCore

/// One source a clipboard owner set as a selection: the text it offers, served to each program
/// that pastes it, until the compositor cancels it (another program copied) or the owner lets
/// go. Its device (`SelectionDevice`) makes the protocol object and forwards its events here.
/// Used on the thread that dispatches the connection.
final class OwnedSource {
    let selection: SelectionName
    let text: ClipboardText
    unowned let loop: ClipboardOwnerLoop
    private let device: any SelectionDevice
    private(set) var proxy: OpaquePointer?
    private(set) var isCancelled = false
    /// The listener's hold on us, until the proxy is destroyed.
    private var retained: Unmanaged<OwnedSource>?

    init(selection: SelectionName, text: ClipboardText, loop: ClipboardOwnerLoop, device: any SelectionDevice) {
        self.selection = selection
        self.text = text
        self.loop = loop
        self.device = device
        let retained = Unmanaged.passRetained(self)
        self.retained = retained
        proxy = device.makeSource(for: self)
        for type in text.offeredTypes { device.offer(type, on: proxy!) }
    }

    /// What a device's listener is given, to find this source again (`from`).
    var opaque: UnsafeMutableRawPointer? { retained?.toOpaque() }

    static func from(_ data: UnsafeMutableRawPointer?) -> OwnedSource? {
        data.map { Unmanaged<OwnedSource>.fromOpaque($0).takeUnretainedValue() }
    }

    /// A program asked for `type` through `fd`: the text written on a thread of its own (or the
    /// pipe closed at once for a type never offered).
    func send(_ type: UnsafePointer<CChar>?, to fd: Int32) {
        guard let type, let bytes = text.bytes(for: String(cString: type)) else {
            close(fd)
            return
        }
        ClipboardSend.start(bytes, to: fd, within: loop.sendLimit)
    }

    /// Another program took the selection.
    func cancelled() {
        isCancelled = true
        loop.cancelled(self)
    }

    func destroy() {
        guard let proxy else { return }
        self.proxy = nil
        device.destroySource(proxy)
        retained?.release()
        retained = nil
    }
}
