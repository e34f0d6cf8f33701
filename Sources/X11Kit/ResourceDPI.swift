import CX11

extension X11Display {
    /// `Xft.dpi` from the server's resource database (what desktops set for HiDPI screens), nil
    /// when it is not set or not a positive number.
    public var resourceDPI: Double? {
        guard let resources = XResourceManagerString(handle) else { return nil }
        return Self.dpi(inResources: String(cString: resources))
    }

    /// The value of `Xft.dpi` in the text of a resource database (`Xft.dpi:\t192`).
    static func dpi(inResources text: String) -> Double? {
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi",
                  let value = Double(parts[1].trimmingCharacters(in: .whitespaces)), value > 0, value.isFinite else { continue }
            return value
        }
        return nil
    }
}
