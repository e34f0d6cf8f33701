import Foundation

/// The exported objects: path → interfaces. Guarded by a lock rather than the bus queue so that
/// `export`/`unexport` are synchronous and cheap from any thread, including inside handlers.
final class ObjectRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var objects: [DBusObjectPath: [DBusInterface]] = [:]

    func export(_ path: DBusObjectPath, _ interfaces: [DBusInterface]) {
        lock.lock(); defer { lock.unlock() }
        objects[path] = interfaces
    }

    @discardableResult
    func unexport(_ path: DBusObjectPath) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return objects.removeValue(forKey: path) != nil
    }

    func interfaces(at path: DBusObjectPath) -> [DBusInterface]? {
        lock.lock(); defer { lock.unlock() }
        return objects[path]
    }

    var paths: [DBusObjectPath] {
        lock.lock(); defer { lock.unlock() }
        return objects.keys.sorted()
    }

    /// The names of the nodes directly below `path` that lead to exported objects, sorted.
    func children(of path: DBusObjectPath) -> [String] {
        lock.lock(); defer { lock.unlock() }
        let depth = path.elements.count
        var names = Set<String>()
        for other in objects.keys where other != path && other.isDescendant(of: path) {
            names.insert(String(other.elements[depth]))
        }
        return names.sorted()
    }
}
