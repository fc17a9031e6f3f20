#pragma once

#include "scenes.h"

// Random rotation about the last observed position and speed change, on the batch's device.
TrajBatch augment(const TrajBatch& batch);
