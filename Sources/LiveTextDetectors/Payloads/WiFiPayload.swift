import LiveTextCore

/// `WIFI:T:WPA;S:My Network;P:pa\;ss;H:false;;`: the Wi-Fi network QR code of ZXing's format
/// (fields in any order, `\;` `\:` `\,` `\\` `\"` escaped; WPA2-Enterprise `E`, `A`, `I`).
enum WiFiPayload {
    static func items(_ s: [Unicode.Scalar], _ range: Range<Int>) -> [Detection] {
        let fields = PayloadText.fields(s, from: range.lowerBound + 5, to: range.upperBound)
        func field(_ key: String) -> String? { fields.first { $0.key == key }?.value }
        guard var ssid = field("S"), !ssid.isEmpty else { return [] }
        ssid = unquoted(ssid)
        var security = (field("T") ?? "").trimmingWhitespace().uppercased()
        if security.isEmpty || security == "NOPASS" { security = "nopass" }
        let hidden = (field("H") ?? "").trimmingWhitespace().lowercased()
        var value: [String: JSONValue] = [
            "ssid": .string(ssid),
            "password": .string(security == "nopass" ? "" : unquoted(field("P") ?? "")),
            "security": .string(security),
            "hidden": .bool(hidden == "true" || hidden == "1"),
        ]
        if let eap = field("E"), !eap.isEmpty { value["eap"] = .string(eap) }
        if let identity = field("I"), !identity.isEmpty { value["identity"] = .string(identity) }
        if let anonymous = field("A"), !anonymous.isEmpty { value["anonymousIdentity"] = .string(anonymous) }
        return [Detection(kind: .wifi, range: range, value: value)]
    }

    /// Some generators quote names and passwords: `S:"My Net";`.
    static func unquoted(_ text: String) -> String {
        text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? String(text.dropFirst().dropLast()) : text
    }
}
