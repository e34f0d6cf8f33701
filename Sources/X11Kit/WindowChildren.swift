import CX11

extension X11Display {
    /// The children of `window`, bottom to top as XQueryTree lists them; none for a window gone.
    func children(of window: Window) -> [Window] {
        var rootReturn: Window = 0, parent: Window = 0
        var list: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(handle, window, &rootReturn, &parent, &list, &count) != 0, let list else { return [] }
        defer { XFree(list) }
        return Array(UnsafeBufferPointer(start: list, count: Int(count)))
    }
}
