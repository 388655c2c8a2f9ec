import ArchlintModel

/// The member names one file's byte pass reads, each with the ways it was met, kept as byte ranges of the file and
/// made `String`s once at the end. A file writes the same few names many times (`.padding`, `self.viewModel`), and
/// hashing a `String` at each one cost more than the rest of the pass: here a name is hashed by its bytes (FNV-1a)
/// in an open-addressed table.
struct MemberNameTable {
    /// How a name was met (a bit each).
    struct Roles: OptionSet {
        let rawValue: UInt8
        /// After a `.` that follows a value (`self.x`, `$0.x`).
        static let usedOnValue = Roles(rawValue: 1)
        /// In a key path (`\.x`, `\Root.x`).
        static let inKeyPath = Roles(rawValue: 2)
        /// After a `.` that follows a type or nothing (`UUID.x`, `.x`).
        static let usedOnType = Roles(rawValue: 4)
        /// Declared directly in a type's body.
        static let declaredInType = Roles(rawValue: 8)
        /// Declared directly in an extension's body.
        static let declaredInExtension = Roles(rawValue: 16)
        /// Declared `static` or `class` directly in an extension's body.
        static let staticInExtension = Roles(rawValue: 32)
    }

    private struct Entry {
        var start: Int
        var count: Int
        var hash: UInt64
        var roles: Roles
    }

    private var entries: [Entry] = []
    /// Indices into `entries` plus one (0: empty); a power of two long, at most half full.
    private var slots = [Int32](repeating: 0, count: 64)

    mutating func insert(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, _ roles: Roles) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in range { hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            let entry = entries[position]
            if entry.hash == hash, entry.count == range.count,
               (0..<range.count).allSatisfy({ bytes[entry.start + $0] == bytes[range.lowerBound + $0] }) {
                entries[position].roles.formUnion(roles)
                return
            }
            slot = (slot + 1) & mask
        }
        entries.append(Entry(start: range.lowerBound, count: range.count, hash: hash, roles: roles))
        slots[slot] = Int32(entries.count)
        if entries.count * 2 > slots.count { grow() }
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (position, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(position + 1)
        }
    }

    /// The file's `MemberNames`: a name it declares in a type's body is its own, not a use of another module's
    /// (unless in a key path), each list sorted.
    func memberNames(of bytes: UnsafeBufferPointer<UInt8>) -> MemberNames {
        var names = MemberNames()
        for entry in entries {
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[entry.start..<(entry.start + entry.count)]), as: UTF8.self)
            let roles = entry.roles
            let own = roles.contains(.declaredInType)
            if roles.contains(.declaredInExtension) { names.declaredInExtensions.append(name) }
            if roles.contains(.staticInExtension) { names.staticDeclaredInExtensions.append(name) }
            if roles.contains(.inKeyPath) || (roles.contains(.usedOnValue) && !own) { names.used.append(name) }
            if roles.contains(.usedOnType), !own { names.usedOnTypes.append(name) }
            if own, !roles.isDisjoint(with: [.usedOnValue, .usedOnType]) { names.usedOwn.append(name) }
        }
        names.declaredInExtensions.sort()
        names.staticDeclaredInExtensions.sort()
        names.used.sort()
        names.usedOnTypes.sort()
        names.usedOwn.sort()
        return names
    }
}
