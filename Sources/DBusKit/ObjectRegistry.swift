import Foundation

/// The exported objects: path → interfaces, and who may use them. Guarded by a lock rather than
/// the bus queue so that `export`/`unexport` are synchronous and cheap from any thread, including
/// inside handlers.
final class ObjectRegistry: @unchecked Sendable {
    struct Object {
        var interfaces: [DBusInterface]
        /// nil: open to every connection.
        var access: DBusObjectAccess?
    }

    private let lock = NSLock()
    private var objects: [DBusObjectPath: Object] = [:]

    func export(_ path: DBusObjectPath, _ interfaces: [DBusInterface], access: DBusObjectAccess? = nil) {
        lock.withLock { objects[path] = Object(interfaces: interfaces, access: access) }
    }

    @discardableResult
    func unexport(_ path: DBusObjectPath) -> Bool {
        lock.withLock { objects.removeValue(forKey: path) != nil }
    }

    func object(at path: DBusObjectPath) -> Object? {
        lock.withLock { objects[path] }
    }

    func interfaces(at path: DBusObjectPath) -> [DBusInterface]? {
        object(at: path)?.interfaces
    }

    var paths: [DBusObjectPath] {
        lock.withLock { objects.keys.sorted() }
    }

    /// The names of the nodes directly below `path` that lead to objects `sender` may see, sorted.
    func children(of path: DBusObjectPath, visibleTo sender: String?) -> [String] {
        lock.withLock {
            let depth = path.elements.count
            var names = Set<String>()
            for (other, object) in objects where other != path && other.isDescendant(of: path) {
                if let access = object.access, !access.isVisible(to: sender) { continue }
                names.insert(String(other.elements[depth]))
            }
            return names.sorted()
        }
    }
}
