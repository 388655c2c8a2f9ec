import ArchlintModel
import Testing
@testable import XcodeProjects

/// `ObjectiveCImports`: which lines name a module, and the bound on files read.
@Suite struct ObjectiveCImportsParsingTests {
    @Test func importLinesNameModulesAndQuotedOnesLocalHeaders() {
        let files = InMemoryFileSystem([
            "A.m": """
                @import Kit;
                @import  Kit.Submodule;
                #import <Store/Store.h>
                #  include <Crypto/sha.h>
                #import <stdio.h>
                #import "Local.h"
                #import "/absolute/Header.h"
                // #import <Commented/Out.h> is not at the start of a directive
                """,
            "Local.h": "#import <FromHeader/FromHeader.h>\n",
        ])
        let read = ObjectiveCImports.modules(in: ["A.m"], fileSystem: files)
        #expect(read.modules == ["Crypto", "FromHeader", "Kit", "Store"])
        #expect(read.complete)
    }

    @Test func pastTheBoundTheReadingIsIncomplete() {
        let files = InMemoryFileSystem(["A.m": "@import A;\n", "B.m": "@import B;\n", "C.m": "@import C;\n"])
        let read = ObjectiveCImports.modules(in: ["A.m", "B.m", "C.m"], fileSystem: files, maximumFiles: 2)
        #expect(read.modules == ["A", "B"])
        #expect(!read.complete)
        #expect(ObjectiveCImports.modules(in: ["A.m", "B.m", "A.m"], fileSystem: files, maximumFiles: 2).complete)
    }
}
