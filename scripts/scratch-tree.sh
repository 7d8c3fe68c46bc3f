# Sourced by scripts/check-new-language.sh and scripts/check-new-preference.sh: `scratch_tree NAME` copies the tree
# (the files git tracks, with their times, so that the build takes them for the files it built) and the debug build
# into a new folder, `$copy` (removed on exit), and sets `$same_path`.
#
# The debug build comes along (a real copy: its database is written in place), but not the release build and the test
# logs. Where it may (as root, with mount namespaces: CI), the caller builds the copy at the tree's own path, mounted
# over it in a namespace of its own (unshare -m): the build then keeps the module cache, which names the folder it was
# made in, and builds again only what the change needs (`same_path=true`). Elsewhere the module cache is left out and
# the copy is built where it is.
scratch_tree() {
  copy=$(mktemp -d "${TMPDIR:-/tmp}/breathe-voice-$1.XXXXXX")
  trap 'rm -rf "$copy"' EXIT
  git ls-files -z | xargs -0 cp -p --parents -t "$copy"
  scratch_tree_entries .build
  same_path=false
  if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then same_path=true; else rm -rf "$copy"/.build/*/debug/ModuleCache; fi
}

# FOLDER's entries into the copy, but for what the debug build does not need.
scratch_tree_entries() {
  mkdir -p "$copy/$1"
  local entry
  for entry in "$1"/* "$1"/.[!.]*; do
    [ -e "$entry" ] || [ -L "$entry" ] || continue
    case "$(basename "$entry")" in
      .lock | release | test-logs | test-stages | deb | static-libstdc++ | link-order*) continue ;;
      *-linux-gnu) scratch_tree_entries "$entry"; continue ;;
    esac
    cp -a --reflink=auto "$entry" "$copy/$1/"
  done
}
