import LiveTextCore

/// A Wi-Fi code's network as its right-click menu shows it: the name and the password, each copied
/// by choosing it, and how it is secured. Read from the `wifi` item the detectors found in the
/// code's payload (`WIFI:S:…;T:…;P:…;;`), never parsed again here.
public struct WiFiDetails: Sendable, Hashable {
    public var ssid: String
    /// Empty for an open network.
    public var password: String
    /// `WPA`, `WEP`, `SAE`, … as the code says; `nopass` for an open network.
    public var security: String
    public var hidden: Bool

    /// The network of code `subject` in `analysis`; nil when it is not a code or its payload is
    /// not a Wi-Fi network.
    public init?(_ analysis: ImageAnalysis, _ subject: QuickAction.Subject) {
        guard case .code(let code) = subject,
              let index = analysis.items.indices.first(where: {
                  analysis.items[$0].kind == .wifi && analysis.isItem($0, fromCode: code)
              }),
              case .string(let ssid)? = analysis.items[index].value["ssid"] else { return nil }
        let item = analysis.items[index]
        self.ssid = ssid
        if case .string(let password)? = item.value["password"] { self.password = password } else { password = "" }
        if case .string(let security)? = item.value["security"] { self.security = security } else { security = "nopass" }
        if case .bool(let hidden)? = item.value["hidden"] { self.hidden = hidden } else { hidden = false }
    }

    /// The lines of the details menu: "Network: NAME" and "Password: …" copy what they show (the
    /// menu stays for the other); "No Password" and "Security: …" only inform.
    var menuItems: [LiveMenu.Item] {
        let open = password.isEmpty || security == "nopass"
        var security = open ? "Security: None" : "Security: \(self.security)"
        if hidden { security += ", Hidden Network" }
        return [LiveMenu.Item("Network: \(ssid)", [.copy(ClipboardContent(plain: ssid))]),
                open ? LiveMenu.Item("No Password") : LiveMenu.Item("Password: \(password)", [.copy(ClipboardContent(plain: password))]),
                LiveMenu.Item(security)]
    }
}
