import Foundation

/// A window or other XID as messages and `xwininfo -id` write it.
func hexID(_ id: UInt) -> String { "0x" + String(id, radix: 16) }
