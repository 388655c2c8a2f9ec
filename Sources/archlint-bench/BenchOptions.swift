import Foundation

/// Command-line options of `archlint-bench` (kept dependency-free: plain `--flag value` parsing).
struct BenchOptions {
    var seed: UInt64 = 42
    var scale = 1.0
    var json = false
    var workDirectory: String?
    var keep = false
    var archlint: String?
    var scaling = true
    var repeats = 1
    var generateOnly: String?
    /// Internal: `--child-lint ROOT CACHE_DIR` runs the pipeline in-process (fallback when no `archlint` binary).
    var childLint: (root: String, cache: String)?

    static let usage = """
        USAGE: archlint-bench [options]

        Generates a deterministic synthetic monorepo and measures archlint against swift-syntax's raw parse:
          (a) Parser.parse of every file, single-threaded (the baseline)
          (b) cold `archlint lint` (empty cache)   (c) warm, nothing changed
          (d) warm after editing one file          (e) warm after adding one import
        each with its peak RSS and its ratio to (a), plus cold time at 1/10 size versus full size.

        OPTIONS:
          --seed N            corpus seed (default 42)
          --scale X           corpus size; 1 ≈ 4,000 files / 600,000 lines / 150 modules (default 1)
          --files N           same as --scale N/4000
          --json              machine-readable output
          --work-dir DIR      where to write the corpora and caches (default: a new temporary directory)
          --keep              keep the work directory
          --archlint PATH     the archlint executable (default: next to archlint-bench)
          --no-scaling        skip the 1/10-size cold run
          --repeat N          run each measurement N times and keep the fastest (default 1)
          --generate-only DIR write the corpus to DIR and exit
        """

    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var index = 0
        func value() throws -> String {
            index += 1
            guard index < arguments.count else { throw BenchError.usage("\(arguments[index - 1]) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--seed":
                guard let seed = UInt64(try value()) else { throw BenchError.usage("--seed needs an integer") }
                options.seed = seed
            case "--scale":
                guard let scale = Double(try value()), scale > 0 else { throw BenchError.usage("--scale needs a positive number") }
                options.scale = scale
            case "--files":
                guard let files = Double(try value()), files > 0 else { throw BenchError.usage("--files needs a positive number") }
                options.scale = files / 4000
            case "--json": options.json = true
            case "--work-dir": options.workDirectory = try value()
            case "--keep": options.keep = true
            case "--archlint": options.archlint = try value()
            case "--no-scaling": options.scaling = false
            case "--repeat":
                guard let repeats = Int(try value()), repeats > 0 else { throw BenchError.usage("--repeat needs a positive integer") }
                options.repeats = repeats
            case "--generate-only": options.generateOnly = try value()
            case "--child-lint":
                let root = try value()
                options.childLint = (root, try value())
            case "-h", "--help": throw BenchError.help
            default: throw BenchError.usage("unknown option '\(argument)'")
            }
            index += 1
        }
        return options
    }
}

enum BenchError: Error, CustomStringConvertible {
    case help
    case usage(String)
    case failed(String)

    var description: String {
        switch self {
        case .help: BenchOptions.usage
        case .usage(let message): "error: \(message)\n\n\(BenchOptions.usage)"
        case .failed(let message): "error: \(message)"
        }
    }
}
