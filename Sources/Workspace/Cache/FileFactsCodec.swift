import ArchlintModel

/// Hand-written encoding of `FileFacts`, byte-for-byte identical to `CompactBinaryCoder`'s but several times
/// faster to decode (no `Codable` containers; `CacheCodecMeasurement` in the Workspace tests measures both).
///
/// It has to list every stored property by hand, so it guards itself: `isExact` checks at first use that it
/// encodes a fully populated sample exactly like the `Codable` path does. When someone adds a property to the
/// model and not here, that check fails, the cache silently uses `CompactBinaryCoder` instead (correct, just
/// slower), and `CacheFormatTests` fails to point at this file.
enum FileFactsCodec {
    static let isExact: Bool = {
        let sample = SchemaSignature.sampleFileFacts
        guard let reference = try? CompactBinaryCoder.encode(sample) else { return false }
        let fast = encodeUnchecked(sample)
        guard fast == reference else { return false }
        return fast.withUnsafeBytes { (try? decodeUnchecked($0)) == sample }
    }()

    static func encode(_ facts: FileFacts) throws -> [UInt8] {
        isExact ? encodeUnchecked(facts) : try CompactBinaryCoder.encode(facts)
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> FileFacts {
        isExact ? try decodeUnchecked(bytes) : try CompactBinaryCoder.decode(FileFacts.self, from: bytes)
    }

    // MARK: Encoding

    static func encodeUnchecked(_ facts: FileFacts) -> [UInt8] {
        var out = ByteWriter(capacity: 1024)
        out.write(facts.path)
        out.array(facts.imports) { out, value in write(value, to: &out) }
        out.array(facts.types) { out, value in write(value, to: &out) }
        out.array(facts.calls) { out, value in write(value, to: &out) }
        out.array(facts.suppressions) { out, value in
            out.write(value.kind.rawValue)
            out.strings(value.rules)
            out.optional(value.reason)
            out.int(value.line)
            out.int(value.column)
        }
        out.array(facts.problems) { out, value in
            out.write(value.message)
            out.int(value.line)
            out.int(value.column)
            out.write(value.kind.rawValue)
        }
        out.bool(facts.isNeedleGenerated)
        out.optional(facts.generatedText)
        out.strings(facts.memberNames.declaredInExtensions)
        out.strings(facts.memberNames.staticDeclaredInExtensions)
        out.strings(facts.memberNames.used)
        out.strings(facts.memberNames.usedOnTypes)
        return out.bytes
    }

    /// One import as `encodeUnchecked` writes it (also what `DigestWriter` digests of one).
    static func write(_ value: ImportDecl, to out: inout ByteWriter) {
        out.write(value.module)
        out.strings(value.path)
        out.optional(value.kind)
        out.strings(value.attributes)
        out.optional(value.accessLevel)
        out.optional(value.condition)
        out.int(value.line)
        out.int(value.column)
    }

    /// One type declaration as `encodeUnchecked` writes it (also what `DigestWriter` digests of one).
    static func write(_ value: TypeDecl, to out: inout ByteWriter) {
        out.write(value.kind.rawValue)
        out.write(value.name)
        out.write(value.qualifiedName)
        out.strings(value.inheritance)
        out.optional(value.accessLevel)
        out.strings(value.attributes)
        out.bool(value.isNonisolated)
        out.optional(value.condition)
        out.int(value.line)
        out.int(value.column)
        out.array(value.properties) { out, value in
            out.write(value.name)
            out.optional(value.type)
            out.optional(value.inferredType)
            out.bool(value.isStatic)
            out.bool(value.isComputed)
            out.bool(value.isLet)
            out.optional(value.accessLevel)
            out.strings(value.attributes)
            out.optional(value.condition)
            out.int(value.line)
            out.int(value.column)
        }
        out.array(value.functions) { out, value in
            out.write(value.name)
            out.array(value.parameters) { out, value in
                out.write(value.label)
                out.write(value.name)
                out.write(value.type)
                out.int(value.line)
                out.int(value.column)
            }
            out.optional(value.returnType)
            out.array(value.locals) { out, value in
                out.write(value.name)
                out.optional(value.type)
                out.optional(value.inferredType)
                out.int(value.line)
                out.int(value.column)
            }
            out.bool(value.isStatic)
            out.optional(value.accessLevel)
            out.optional(value.condition)
            out.int(value.line)
            out.int(value.column)
        }
        out.array(value.memberAccesses) { out, value in
            out.write(value.base)
            out.write(value.member)
            out.bool(value.isCall)
            out.optional(value.function)
            out.int(value.line)
            out.int(value.column)
        }
    }

    /// One call as `encodeUnchecked` writes it.
    static func write(_ value: CallFact, to out: inout ByteWriter) {
        out.write(value.callee)
        out.array(value.arguments) { out, value in
            out.optional(value.label)
            out.write(value.value)
        }
        out.optional(value.contextType)
        out.optional(value.enclosingType)
        out.optional(value.enclosingMember)
        out.optional(value.condition)
        out.int(value.line)
        out.int(value.column)
    }

    // MARK: Decoding

    static func decodeUnchecked(_ bytes: UnsafeRawBufferPointer) throws(CacheFormatError) -> FileFacts {
        var input = ByteReader(bytes)
        let path = try input.readString()
        let imports = try input.array { input throws(CacheFormatError) in
            ImportDecl(
                module: try input.readString(), path: try input.strings(), kind: try input.optional(),
                attributes: try input.strings(), accessLevel: try input.optional(), condition: try input.optional(),
                line: try input.readInt(), column: try input.readInt())
        }
        let types = try input.array { input throws(CacheFormatError) in
            TypeDecl(
                kind: try input.rawEnum(TypeDeclKind.self), name: try input.readString(),
                qualifiedName: try input.readString(), inheritance: try input.strings(),
                accessLevel: try input.optional(), attributes: try input.strings(), isNonisolated: try input.bool(),
                condition: try input.optional(), line: try input.readInt(), column: try input.readInt(),
                properties: try input.array { input throws(CacheFormatError) in
                    PropertyDecl(
                        name: try input.readString(), type: try input.optional(), inferredType: try input.optional(),
                        isStatic: try input.bool(), isComputed: try input.bool(), isLet: try input.bool(),
                        accessLevel: try input.optional(), attributes: try input.strings(), condition: try input.optional(),
                        line: try input.readInt(), column: try input.readInt())
                },
                functions: try input.array { input throws(CacheFormatError) in
                    FunctionDecl(
                        name: try input.readString(),
                        parameters: try input.array { input throws(CacheFormatError) in
                            ParameterDecl(
                                label: try input.readString(), name: try input.readString(), type: try input.readString(),
                                line: try input.readInt(), column: try input.readInt())
                        },
                        returnType: try input.optional(),
                        locals: try input.array { input throws(CacheFormatError) in
                            LocalVariable(
                                name: try input.readString(), type: try input.optional(),
                                inferredType: try input.optional(), line: try input.readInt(), column: try input.readInt())
                        },
                        isStatic: try input.bool(), accessLevel: try input.optional(), condition: try input.optional(),
                        line: try input.readInt(), column: try input.readInt())
                },
                memberAccesses: try input.array { input throws(CacheFormatError) in
                    MemberAccess(
                        base: try input.readString(), member: try input.readString(), isCall: try input.bool(),
                        function: try input.optional(), line: try input.readInt(), column: try input.readInt())
                })
        }
        let calls = try input.array { input throws(CacheFormatError) in
            CallFact(
                callee: try input.readString(),
                arguments: try input.array { input throws(CacheFormatError) in
                    CallArgument(label: try input.optional(), value: try input.readString())
                },
                contextType: try input.optional(), enclosingType: try input.optional(),
                enclosingMember: try input.optional(), condition: try input.optional(),
                line: try input.readInt(), column: try input.readInt())
        }
        let suppressions = try input.array { input throws(CacheFormatError) in
            SuppressionComment(
                kind: try input.rawEnum(SuppressionComment.Kind.self), rules: try input.strings(),
                reason: try input.optional(), line: try input.readInt(), column: try input.readInt())
        }
        let problems = try input.array { input throws(CacheFormatError) in
            FileProblem(
                message: try input.readString(), line: try input.readInt(), column: try input.readInt(),
                kind: try input.rawEnum(FileProblem.Kind.self))
        }
        let isNeedleGenerated = try input.bool()
        let generatedText: String? = try input.optional()
        let memberNames = MemberNames(
            declaredInExtensions: try input.strings(), staticDeclaredInExtensions: try input.strings(),
            used: try input.strings(), usedOnTypes: try input.strings())
        guard input.isAtEnd else { throw .malformed }
        return FileFacts(
            path: path, imports: imports, types: types, calls: calls, suppressions: suppressions, problems: problems,
            isNeedleGenerated: isNeedleGenerated, generatedText: generatedText, memberNames: memberNames)
    }
}

// The primitives below mirror `CompactBinaryCoder`: 4-byte array counts, a presence byte for optionals.

extension ByteWriter {
    mutating func int(_ value: Int) { write(signed: Int64(value)) }

    mutating func bool(_ value: Bool) { write(value ? 1 : 0) }

    mutating func optional(_ value: String?) {
        guard let value else { return write(0) }
        write(1)
        write(value)
    }

    mutating func count(_ count: Int) {
        let value = UInt32(truncatingIfNeeded: count)
        for shift in stride(from: 0, to: 32, by: 8) { write(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func strings(_ values: [String]) {
        count(values.count)
        for value in values { write(value) }
    }

    mutating func array<Element>(_ values: [Element], _ element: (inout ByteWriter, Element) -> Void) {
        count(values.count)
        for value in values { element(&self, value) }
    }
}

extension ByteReader {
    mutating func bool() throws(CacheFormatError) -> Bool {
        switch try readByte() {
        case 0: return false
        case 1: return true
        default: throw .malformed
        }
    }

    mutating func optional() throws(CacheFormatError) -> String? {
        try bool() ? try readString() : nil
    }

    mutating func count() throws(CacheFormatError) -> Int {
        guard offset + 4 <= bytes.count else { throw .truncated }
        let value = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        offset += 4
        // Every element takes at least one byte.
        guard value <= bytes.count - offset else { throw .truncated }
        return value
    }

    mutating func strings() throws(CacheFormatError) -> [String] {
        let count = try count()
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try readString()) }
        return values
    }

    mutating func array<Element>(
        _ element: (inout ByteReader) throws(CacheFormatError) -> Element
    ) throws(CacheFormatError) -> [Element] {
        let count = try count()
        var values: [Element] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try element(&self)) }
        return values
    }

    mutating func rawEnum<Value: RawRepresentable>(_ type: Value.Type) throws(CacheFormatError) -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: try readString()) else { throw .malformed }
        return value
    }
}

/// A `FileReading` in the cache: a byte saying whether the file was skimmed (then its declaration names), then
/// its facts as `FileFactsCodec` writes them.
enum FileReadingCodec {
    static func encode(_ reading: FileReading) throws -> [UInt8] {
        let facts = try FileFactsCodec.encode(reading.facts)
        var out = ByteWriter(capacity: facts.count + 64)
        if let names = reading.skimmed {
            out.write(1)
            for list in [names.declared, names.declaredProtocols, names.declaredWithHeader, names.extended,
                         names.extendedWithHeader, names.referencedByClasses, names.referencedByProtocols,
                         names.referencedByOthers] {
                out.write(varint: UInt64(list.count))
                for key in list { out.write(fixed: key.value) }
            }
        } else {
            out.write(0)
        }
        out.bytes.append(contentsOf: facts)
        return out.bytes
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> FileReading {
        var input = ByteReader(bytes)
        var skimmed: DeclarationNames?
        switch try input.readByte() {
        case 0: break
        case 1:
            func keys() throws(CacheFormatError) -> [NameKey] {
                let count = try input.readLength()
                var keys: [NameKey] = []
                keys.reserveCapacity(count)
                for _ in 0..<count { keys.append(NameKey(value: try input.readFixed())) }
                return keys
            }
            skimmed = DeclarationNames(
                declared: try keys(), declaredProtocols: try keys(), declaredWithHeader: try keys(), extended: try keys(),
                extendedWithHeader: try keys(), referencedByClasses: try keys(), referencedByProtocols: try keys(),
                referencedByOthers: try keys())
        default: throw CacheFormatError.malformed
        }
        let facts = try FileFactsCodec.decode(UnsafeRawBufferPointer(rebasing: bytes[input.offset...]))
        return FileReading(facts: facts, skimmed: skimmed)
    }
}
