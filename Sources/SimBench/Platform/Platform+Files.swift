extension Platform {
    /// Gives the unnamed file `descriptor` (from `simbench_open_unnamed`, Linux's
    /// `O_TMPFILE`) the name `path`: `linkat` through `/proc/self/fd`, which fails rather
    /// than replace a file. Returns 0, or -1 with `errno` set (`EEXIST`: `path` exists).
    /// Elsewhere there are no unnamed files to name: -1 with `ENOTSUP`.
    static func nameUnnamedFile(_ descriptor: Int32, at path: String) -> Int32 {
        #if os(Linux) && !SIMBENCH_PORTABLE
            return linkat(
                AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW)
        #else
            errno = ENOTSUP
            return -1
        #endif
    }

    /// Whether a failed `nameUnnamedFile` means this system cannot name unnamed files (no
    /// `/proc/self/fd`: the caller falls back to a named temporary file), rather than a
    /// failure to report.
    static var cannotNameUnnamedFiles: Bool {
        #if os(Linux) && !SIMBENCH_PORTABLE
            return access("/proc/self/fd", F_OK) != 0
        #else
            return true
        #endif
    }

    /// `link(existing, new)`, for callers whose own `link` hides the C library's.
    static func hardLink(_ existing: String, _ new: String) -> Int32 {
        link(existing, new)
    }
}

extension Platform {
    /// The name of an entry `readdir` returned, read up to its terminating NUL and no
    /// further. glibc's entries are only as long as their names (`d_reclen`), so copying the
    /// whole `dirent` (what `entry.pointee.d_name` does) reads past a short entry, and past
    /// the end of the directory's buffer when the entry ends a page: a crash seen writing a
    /// CSV into a large `/tmp`.
    static func directoryEntryName(_ entry: UnsafePointer<dirent>) -> String {
        guard let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else {
            preconditionFailure("dirent.d_name is a stored field of the C struct")
        }
        return String(
            cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
    }
}

extension Platform {
    /// The first `length` bytes of the regular file behind `descriptor`, mapped read-only
    /// and private: nil where the file cannot be mapped (the caller reads it instead). A
    /// page is mapped when first read, from the page cache: no page of memory of its own,
    /// and none for the pages a reader never reaches (a file refused at its first line).
    static func mapFile(_ descriptor: Int32, length: Int) -> UnsafeRawPointer? {
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0),
            address != MAP_FAILED
        else { return nil }
        return UnsafeRawPointer(address)
    }

    /// Gives back the pages wholly inside `range` of the mapping at `address` (`mapFile`):
    /// read past and not kept, they stop counting in the process's memory, and would be
    /// mapped again from the file if read.
    static func releaseMappedPages(_ address: UnsafeRawPointer, _ range: Range<Int>) {
        let page = Int(getpagesize())
        let start = (range.lowerBound + page - 1) / page * page
        let end = range.upperBound / page * page
        guard start < end else { return }
        madvise(UnsafeMutableRawPointer(mutating: address + start), end - start, MADV_DONTNEED)
    }

    /// Unmaps what `mapFile` mapped.
    static func unmapFile(_ address: UnsafeRawPointer, length: Int) {
        munmap(UnsafeMutableRawPointer(mutating: address), length)
    }
}
