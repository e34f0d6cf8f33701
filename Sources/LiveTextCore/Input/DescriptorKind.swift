#if canImport(Glibc)
import Glibc
#endif

/// What an open descriptor or a path refers to (`fstat`, `stat`), which decides how it may be
/// read: a file has an end and its size is known; a pipe or socket ends when its writer says so;
/// anything else (a terminal, `/dev/zero`, an eventfd) is no place an image comes from.
public enum DescriptorKind: Sendable, Equatable {
    /// A file, memfds included, of `size` bytes when asked.
    case regularFile(size: Int)
    /// A pipe or FIFO.
    case pipe
    case socket
    case characterDevice
    case blockDevice
    case directory
    /// An eventfd, timerfd, epoll instance and the like.
    case other

    /// The kind of an open descriptor; nil when it is closed.
    public init?(descriptor fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        self.init(info)
    }

    public init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .regularFile(size: Int(info.st_size))
        case S_IFIFO: self = .pipe
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFDIR: self = .directory
        default: self = .other
        }
    }

    /// How a message names it: "a character device".
    public var name: String {
        switch self {
        case .regularFile: "a file"
        case .pipe: "a pipe or FIFO"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .directory: "a directory"
        case .other: "a descriptor of another kind (an eventfd, a timerfd, ...)"
        }
    }
}
