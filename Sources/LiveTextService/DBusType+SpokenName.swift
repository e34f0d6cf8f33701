import DBusKit

extension DBusType {
    /// The type as a person says it, with its signature: "a string (s)", "an array (as)".
    var spokenName: String {
        let name: String
        switch self {
        case .byte: name = "a byte"
        case .bool: name = "a boolean"
        case .int16: name = "an int16"
        case .uint16: name = "a uint16"
        case .int32: name = "an int32"
        case .uint32: name = "a uint32"
        case .int64: name = "an int64"
        case .uint64: name = "a uint64"
        case .double: name = "a double"
        case .string: name = "a string"
        case .objectPath: name = "an object path"
        case .signature: name = "a signature"
        case .unixFD: name = "a file descriptor"
        case .variant: name = "a variant"
        case .array: name = "an array"
        case .dictionary: name = "a dictionary"
        case .structure: name = "a structure"
        }
        return "\(name) (\(signature))"
    }
}
