#!/usr/bin/env python3
"""Parity check: archlint's Xcode targets against an independent reader.

Reads every `*.xcodeproj/project.pbxproj` under REPO with the `pbxproj` Python library (pip install pbxproj),
computes what Xcode compiles for each native target (Sources build phase files through the group tree, Xcode 16
synchronized folders minus their exception sets, files other targets' exception sets add), its product type and
its target and package-product dependencies, and compares that with archlint's modules (file lists included).

    ARCHLINT_PARITY_REPO=REPO ARCHLINT_PARITY_OUT=/tmp/modules.json swift test --filter ModuleListDump
    scripts/parity/xcode_targets.py REPO --modules-json /tmp/modules.json

Prints one line per target that differs and a summary: targets matched / targets with Swift sources.
Not part of CI (it needs fetched public repositories); results go into issue notes.
"""
import argparse
import json
import os
import re
import sys

from pbxproj import XcodeProject

PRODUCT_TYPES = {
    "application": "app", "application.messages": "app", "application.on-demand-install-capable": "app-clip",
    "application.watchapp": "watch-app", "application.watchapp2": "watch-app",
    "application.watchapp2-container": "watch-app", "framework": "framework", "framework.static": "framework",
    "library.static": "static-library", "library.dynamic": "dynamic-library", "bundle.unit-test": "unit-test",
    "bundle.ui-testing": "ui-test", "tool": "tool", "bundle": "bundle",
}


def module_type(product_type):
    kind = (product_type or "").replace("com.apple.product-type.", "")
    if kind in PRODUCT_TYPES:
        return PRODUCT_TYPES[kind]
    return "app-extension" if "extension" in kind else "other"


def swift_files_under(root, folder):
    found = []
    for directory, names, files in os.walk(os.path.join(root, folder)):
        names[:] = [n for n in names if not n.startswith(".")]
        for name in files:
            if name.endswith(".swift"):
                found.append(os.path.relpath(os.path.join(directory, name), root))
    return found


def read_project(repo, project_dir):
    project = XcodeProject.load(os.path.join(project_dir, "project.pbxproj"))
    objects = project.objects
    source_root = os.path.dirname(project_dir)
    root_object = objects[project.rootObject]
    main_group = root_object["mainGroup"]
    parent = {}
    for section in ("PBXGroup", "PBXVariantGroup", "PBXFileSystemSynchronizedRootGroup"):
        for group in objects.get_objects_in_section(section):
            for child in group["children"] if "children" in group else []:
                parent[child] = group.get_id()

    def path_of(identifier):
        item = objects[identifier]
        tree = item["sourceTree"] if "sourceTree" in item else "<group>"
        own = item["path"] if "path" in item else ""
        if tree == "<absolute>":
            return None
        if tree == "SOURCE_ROOT":
            return os.path.normpath(os.path.join(source_root, own))
        if tree != "<group>":
            return None
        if identifier == main_group:
            base = os.path.join(source_root, root_object["projectDirPath"]) if "projectDirPath" in root_object else source_root
            return os.path.normpath(os.path.join(base, own))
        up = parent.get(identifier, main_group)
        base = path_of(up) if up != identifier else source_root
        return None if base is None else os.path.normpath(os.path.join(base, own))

    exception_sets = objects.get_objects_in_section("PBXFileSystemSynchronizedBuildFileExceptionSet")
    targets = {}
    for target in objects.get_objects_in_section("PBXNativeTarget"):
        files = set()
        for phase_id in target["buildPhases"]:
            phase = objects[phase_id]
            if phase.isa != "PBXSourcesBuildPhase":
                continue
            for build_file_id in phase["files"]:
                build_file = objects[build_file_id]
                if "fileRef" not in build_file or objects[build_file["fileRef"]] is None:
                    continue
                path = path_of(build_file["fileRef"])
                if path and path.endswith(".swift"):
                    files.add(os.path.relpath(path, repo))
        for group_id in target["fileSystemSynchronizedGroups"] if "fileSystemSynchronizedGroups" in target else []:
            folder = path_of(group_id)
            excluded = set()
            for exception in exception_sets:
                if exception["target"] == target.get_id() and exception.get_id() in (objects[group_id]["exceptions"] if "exceptions" in objects[group_id] else []):
                    for member in exception["membershipExceptions"] if "membershipExceptions" in exception else []:
                        excluded.add(os.path.normpath(os.path.join(folder, member)))
            for path in swift_files_under(repo, os.path.relpath(folder, repo)):
                absolute = os.path.join(repo, path)
                if not any(absolute == e or absolute.startswith(e + "/") for e in excluded):
                    files.add(path)
        owned = set(target["fileSystemSynchronizedGroups"] if "fileSystemSynchronizedGroups" in target else [])
        for group in objects.get_objects_in_section("PBXFileSystemSynchronizedRootGroup"):
            if group.get_id() in owned:
                continue
            for exception_id in group["exceptions"] if "exceptions" in group else []:
                exception = objects[exception_id]
                if exception.isa != "PBXFileSystemSynchronizedBuildFileExceptionSet" or exception["target"] != target.get_id():
                    continue
                # A folder the target doesn't own: it compiles exactly the files its exception set names.
                folder = path_of(group.get_id())
                for member in exception["membershipExceptions"] if "membershipExceptions" in exception else []:
                    if str(member).endswith(".swift"):
                        files.add(os.path.relpath(os.path.normpath(os.path.join(folder, member)), repo))
        dependencies = set()
        for dependency_id in target["dependencies"]:
            dependency = objects[dependency_id]
            # Aggregate and legacy targets build no module: no edge to expect.
            if "target" in dependency and objects[dependency["target"]] is not None \
                    and objects[dependency["target"]].isa == "PBXNativeTarget":
                dependencies.add(("target", objects[dependency["target"]].name))
        for product_id in target["packageProductDependencies"] if "packageProductDependencies" in target else []:
            dependencies.add(("product", objects[product_id].productName))
        # A listed file missing on disk (generated by a build phase, or deleted) is reported, not a member.
        files = {path for path in files if os.path.isfile(os.path.join(repo, path))}
        targets[str(target.name)] = {
            "type": module_type(target["productType"] if "productType" in target else None),
            "files": sorted(files), "dependencies": dependencies,
        }
    return targets


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("repo")
    parser.add_argument("--modules-json", required=True,
                        help="modules with their file lists, written by the ModuleListDump test: "
                             "ARCHLINT_PARITY_REPO=REPO ARCHLINT_PARITY_OUT=FILE swift test --filter ModuleListDump")
    arguments = parser.parse_args()
    repo = os.path.realpath(arguments.repo)
    with open(arguments.modules_json) as file:
        graph = json.load(file)
    nodes = {node["id"]: node for node in graph["nodes"]}
    declared = {}
    for edge in graph["edges"]:
        if edge["kind"] == "declared":
            declared.setdefault(edge["from"], set()).add(nodes.get(edge["to"], {"name": edge["to"]})["name"])

    # A product of a local package resolves to its targets (ids `Package/Target`): product name → the names of
    # the packages whose Package.swift declares a product with that name (read as text, independently).
    products = {}
    for directory, names, files in os.walk(repo):
        names[:] = [n for n in names if not n.startswith(".")]
        if "Package.swift" in files:
            text = open(os.path.join(directory, "Package.swift"), errors="replace").read()
            package = re.search(r'name:\s*"([^"]+)"', text)
            for product in re.findall(r'\.(?:library|executable)\(\s*name:\s*"([^"]+)"', text):
                products.setdefault(product, set()).add(package.group(1) if package else os.path.basename(directory))
    declared_packages = {}
    for edge in graph["edges"]:
        if edge["kind"] == "declared" and "/" in edge["to"]:
            declared_packages.setdefault(edge["from"], set()).add(edge["to"].split("/")[0])

    checked = matched = 0
    for directory, names, _ in os.walk(repo):
        names[:] = [n for n in names if not n.startswith(".") and n not in ("Pods", "Carthage", "DerivedData")]
        for name in [n for n in names if n.endswith(".xcodeproj")]:
            project_dir = os.path.join(directory, name)
            relative = os.path.relpath(project_dir, repo)
            for target, expected in sorted(read_project(repo, project_dir).items()):
                # A project generated from an XcodeGen spec or Tuist manifest next to it is read from that source.
                folder = os.path.dirname(relative)
                sources = {relative} | {os.path.join(folder, name) for name in ("project.yml", "project.yaml", "Project.swift")}
                node = next((n for n in nodes.values() if n.get("project") in sources and n["name"] == target), None)
                if not expected["files"]:
                    continue
                checked += 1
                problems = []
                if node is None:
                    problems.append("missing")
                else:
                    if node["type"] != expected["type"]:
                        problems.append(f"type {node['type']} != {expected['type']}")
                    actual_files = set(node.get("files", []))
                    if actual_files != set(expected["files"]):
                        missing = sorted(set(expected["files"]) - actual_files)
                        extra = sorted(actual_files - set(expected["files"]))
                        problems.append(f"files: {len(missing)} missing {missing[:2]}, {len(extra)} extra {extra[:2]}")
                    edges = declared.get(node["id"], set())
                    edge_packages = declared_packages.get(node["id"], set())
                    missing_dependencies = sorted(
                        name for kind, name in expected["dependencies"]
                        if name not in edges and not (kind == "product" and products.get(name, set()) & edge_packages))
                    if missing_dependencies:
                        problems.append(f"dependencies without a declared edge: {missing_dependencies}")
                if problems:
                    print(f"{relative} {target}: " + "; ".join(problems))
                else:
                    matched += 1
    print(f"{matched}/{checked} native targets with Swift sources match ({100.0 * matched / max(checked, 1):.1f}%)")
    return 0 if matched == checked else 1


if __name__ == "__main__":
    sys.exit(main())
