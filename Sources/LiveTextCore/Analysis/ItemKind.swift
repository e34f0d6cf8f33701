/// The kinds of data a detector finds: the `type` of a detected item in PRODUCT.md.
public enum ItemKind: String, CaseIterable, Sendable, Hashable, Codable {
    case link
    case email
    case phone
    case address
    case date
    case flight
    case tracking
    case money
    case measurement
    /// Wi-Fi network details from a `WIFI:` code.
    case wifi
    /// A contact card from a vCard or MECARD code.
    case contact
    /// A geographic position from a `geo:` code.
    case geo

    /// Parses a `--only` name: the short name (`phone`) or the camera-input content type of iOS
    /// (`telephoneNumber`), case-insensitively.
    public init?(filterName: String) {
        let name = filterName.trimmingWhitespace().lowercased()
        if let kind = ItemKind(rawValue: name) {
            self = kind
            return
        }
        switch name {
        case "url", "urls", "links": self = .link
        case "emailaddress", "emails": self = .email
        case "telephonenumber", "phonenumber", "phones": self = .phone
        case "fullstreetaddress", "streetaddress", "addresses": self = .address
        case "datetime", "dates", "time", "times": self = .date
        case "flightnumber", "flights": self = .flight
        case "shipmenttrackingnumber", "trackingnumber": self = .tracking
        case "currency", "amount": self = .money
        case "measurements", "unit", "units": self = .measurement
        case "network", "wi-fi": self = .wifi
        case "vcard", "contacts": self = .contact
        case "location", "coordinates": self = .geo
        default: return nil
        }
    }

    /// Parses a comma-separated list of filter names; throws with the first unknown name.
    public static func parseList(_ list: some Sequence<String>) throws(UnknownItemKind) -> Set<ItemKind> {
        var kinds = Set<ItemKind>()
        for entry in list {
            for name in entry.split(separator: ",") where !name.allSatisfy(\.isWhitespace) {
                guard let kind = ItemKind(filterName: String(name)) else {
                    throw UnknownItemKind(name: name.trimmingWhitespace())
                }
                kinds.insert(kind)
            }
        }
        return kinds
    }
}

extension ItemKind {
    /// Every kind's name, comma-separated, for help texts and errors.
    public static var nameList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

extension Set<ItemKind> {
    /// The names, in the order of `ItemKind.allCases`.
    public var names: [String] { ItemKind.allCases.filter(contains).map(\.rawValue) }
}

/// A `--only` name that is not a kind.
public struct UnknownItemKind: Error, Sendable, CustomStringConvertible {
    public var name: String
    public var description: String {
        "unknown type '\(name)' (expected one of: \(ItemKind.nameList))"
    }
}
