//go:build !linux

package ssr

import "syscall"

// sysProcAttr: only Linux can tie a worker's life to this process's; the
// workers are stopped by Pool.Close.
func sysProcAttr() *syscall.SysProcAttr { return nil }
