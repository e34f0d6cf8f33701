import Synchronization

/// The exported objects: path → interfaces, and who may use them. In a `Mutex` rather than on
/// the bus queue so that `export`/`unexport` are synchronous and cheap from any thread, including
/// inside handlers.
final class ObjectRegistry: Sendable {
    struct Object {
        var interfaces: [DBusInterface]
        /// nil: open to every connection.
        var access: DBusObjectAccess?
    }

    private let objects = Mutex<[DBusObjectPath: Object]>([:])

    func export(_ path: DBusObjectPath, _ interfaces: [DBusInterface], access: DBusObjectAccess? = nil) {
        objects.withLock { $0[path] = Object(interfaces: interfaces, access: access) }
    }

    @discardableResult
    func unexport(_ path: DBusObjectPath) -> Bool {
        objects.withLock { $0.removeValue(forKey: path) != nil }
    }

    func object(at path: DBusObjectPath) -> Object? {
        objects.withLock { $0[path] }
    }

    func interfaces(at path: DBusObjectPath) -> [DBusInterface]? {
        object(at: path)?.interfaces
    }

    var paths: [DBusObjectPath] {
        objects.withLock { $0.keys.sorted() }
    }

    /// The names of the nodes directly below `path` that lead to objects `sender` may see, sorted.
    func children(of path: DBusObjectPath, visibleTo sender: String?) -> [String] {
        objects.withLock { objects in
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
